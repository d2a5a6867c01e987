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
          description: 'List matching leads with masked contact details (free). Each item carries the lead ID that Reveal takes.',
          action: 'Browse masked leads for free to get ids to reveal',
        },
        {
          name: 'Count',
          value: 'count',
          description: 'Count the leads matching filters (free). Use it first to size a search before browsing or exporting.',
          action: 'Count leads for free to size a search',
        },
        {
          name: 'Reveal',
          value: 'reveal',
          description: 'Unlock the contact details of leads; takes only the lead IDs that Browse returned (1 credit per new lead)',
          action: 'Reveal browsed leads for 1 credit per new lead',
        },
      ],
      default: 'count',
    },
    ...count.description,
    ...browse.description,
    ...reveal.description,
  ],
};
