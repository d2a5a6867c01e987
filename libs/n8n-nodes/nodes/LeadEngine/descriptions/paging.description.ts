import type { INodeProperties } from 'n8n-workflow';

/**
 * Return All / Limit for a resource and operation. n8n's linter fixes Return All's description, so what is
 * particular to an operation goes in a hint, shown under the toggle.
 */
export function pagingFields(resource: string, operation: string, returnAllHint?: string): INodeProperties[] {
  const show = { resource: [resource], operation: [operation] };
  return [
    {
      displayName: 'Return All',
      name: 'returnAll',
      type: 'boolean',
      displayOptions: { show },
      default: false,
      description: 'Whether to return all results or only up to a given limit',
      ...(returnAllHint ? { hint: returnAllHint } : {}),
    },
    {
      displayName: 'Limit',
      name: 'limit',
      type: 'number',
      displayOptions: { show: { ...show, returnAll: [false] } },
      typeOptions: { minValue: 1 },
      default: 50,
      description: 'Max number of results to return',
    },
  ];
}
