import type { INodeProperties } from 'n8n-workflow';

/** What an operation spends, shown above its fields rather than in a tooltip. */
export function costNotice(resource: string, operation: string, text: string): INodeProperties {
  return {
    displayName: text,
    name: 'costNotice',
    type: 'notice',
    displayOptions: { show: { resource: [resource], operation: [operation] } },
    default: '',
  };
}
