import type { Resource } from '../operation';
import * as get from './get.operation';

export const credits: Resource = {
  operations: { get },
  description: [
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      displayOptions: { show: { resource: ['credits'] } },
      options: [
        {
          name: 'Get',
          value: 'get',
          description: 'Get the credit balance of the account',
          action: 'Get the credit balance',
        },
      ],
      default: 'get',
    },
  ],
};
