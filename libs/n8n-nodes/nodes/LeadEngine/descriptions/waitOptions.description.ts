import type { INodeProperties } from 'n8n-workflow';

/** The Options collection of the operations that start a job: wait for it, with a timeout. */
export function waitOptions(resource: string, operation: string, jobWord: string): INodeProperties {
  return {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Option',
    displayOptions: { show: { resource: [resource], operation: [operation] } },
    default: {},
    options: [
      {
        displayName: 'Timeout (Seconds)',
        name: 'timeout',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 600,
        description: `Only used with Wait for Completion on: how long to wait for the ${jobWord} before failing (the job itself goes on)`,
      },
      {
        displayName: 'Wait for Completion',
        name: 'waitForCompletion',
        type: 'boolean',
        default: false,
        description: `Whether to poll the ${jobWord} until it is completed and return its final status`,
      },
    ],
  };
}
