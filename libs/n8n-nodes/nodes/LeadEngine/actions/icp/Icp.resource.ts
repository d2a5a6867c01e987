import type { Resource } from '../operation';
import * as score from './score.operation';

export const icp: Resource = {
  operations: { score },
  description: [
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      displayOptions: { show: { resource: ['icp'] } },
      options: [
        {
          name: 'Score',
          value: 'score',
          description: 'Grade how well a contact fits your ideal customer profile (1 credit)',
          action: 'Score ICP fit',
        },
      ],
      default: 'score',
    },
    ...score.description,
  ],
};
