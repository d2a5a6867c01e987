import type { INodeProperties } from 'n8n-workflow';

/** The id field of the operations that read one job. */
export function jobIdField(
  resource: string,
  operations: string[],
  name: string,
  displayName: string,
  description: string,
): INodeProperties {
  return {
    displayName,
    name,
    type: 'string',
    required: true,
    displayOptions: { show: { resource: [resource], operation: operations } },
    default: '',
    placeholder: 'e.g. 3f1c0b9e-8a43-4e59-9b8e-0d6a4f2c7e11',
    description,
  };
}

export function binaryPropertyField(resource: string, operations: string[], description: string): INodeProperties {
  return {
    displayName: 'Put Output File in Field',
    name: 'binaryPropertyName',
    type: 'string',
    required: true,
    displayOptions: { show: { resource: [resource], operation: operations } },
    default: 'data',
    hint: 'The name of the output binary field to put the file in',
    description,
  };
}
