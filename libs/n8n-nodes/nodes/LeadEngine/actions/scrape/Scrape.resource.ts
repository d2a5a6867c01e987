import type { Resource } from '../operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getResults from './getResults.operation';
import * as start from './start.operation';

export const scrape: Resource = {
  operations: { get, getAll, getResults, start },
  description: [
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      displayOptions: { show: { resource: ['scrape'] } },
      options: [
        { name: 'Get', value: 'get', description: 'Get the status of a scrape job', action: 'Get a scrape job' },
        { name: 'Get Many', value: 'getAll', description: 'Get many scrape jobs', action: 'Get many scrape jobs' },
        {
          name: 'Get Results',
          value: 'getResults',
          description: 'Get the text read from each domain of a scrape job',
          action: 'Get the results of a scrape job',
        },
        {
          name: 'Start',
          value: 'start',
          description: 'Start reading the website text of domains (1 credit per domain)',
          action: 'Start a scrape job',
        },
      ],
      default: 'start',
    },
    ...start.description,
    ...get.description,
    ...getAll.description,
    ...getResults.description,
  ],
};
