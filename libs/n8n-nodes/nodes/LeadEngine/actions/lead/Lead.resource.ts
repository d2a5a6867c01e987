import type { Resource } from '../operation';
import * as browse from './browse.operation';
import * as count from './count.operation';
import * as reveal from './reveal.operation';

export const lead: Resource = {
  operations: { browse, count, reveal },
  description: [
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      displayOptions: { show: { resource: ['lead'] } },
      options: [
        {
          name: 'Browse',
          value: 'browse',
          description: 'List matching leads with masked contact details (free)',
          action: 'Browse leads',
        },
        {
          name: 'Count',
          value: 'count',
          description: 'Count the leads matching filters (free)',
          action: 'Count leads',
        },
        {
          name: 'Reveal',
          value: 'reveal',
          description: 'Unlock the contact details of leads (1 credit per new lead)',
          action: 'Reveal leads',
        },
      ],
      default: 'count',
    },
    ...count.description,
    ...browse.description,
    ...reveal.description,
  ],
};
