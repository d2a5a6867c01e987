import type { Resource } from '../operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as start from './start.operation';

export const enrichment: Resource = {
  operations: { download, get, getAll, start },
  description: [
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      displayOptions: { show: { resource: ['enrichment'] } },
      options: [
        {
          name: 'Download',
          value: 'download',
          description: 'Download the enriched CSV of a completed job',
          action: 'Download an enrichment result',
        },
        {
          name: 'Get',
          value: 'get',
          description: 'Get the status of an enrichment job',
          action: 'Get an enrichment job',
        },
        {
          name: 'Get Many',
          value: 'getAll',
          description: 'Get many enrichment jobs',
          action: 'Get many enrichment jobs',
        },
        {
          name: 'Start',
          value: 'start',
          description: 'Start AI enrichment of a CSV (1 credit per cell, 2 for Custom fields, Full Email free)',
          action: 'Start an enrichment job',
        },
      ],
      default: 'start',
    },
    ...start.description,
    ...get.description,
    ...getAll.description,
    ...download.description,
  ],
};
