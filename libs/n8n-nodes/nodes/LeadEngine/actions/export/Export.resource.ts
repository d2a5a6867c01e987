import type { Resource } from '../operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as start from './start.operation';

export const exportResource: Resource = {
  operations: { download, get, getAll, start },
  description: [
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      displayOptions: { show: { resource: ['export'] } },
      options: [
        {
          name: 'Download',
          value: 'download',
          description: 'Download the CSV of a completed export',
          action: 'Download an export',
        },
        { name: 'Get', value: 'get', description: 'Get the status of an export', action: 'Get an export' },
        { name: 'Get Many', value: 'getAll', description: 'Get many exports', action: 'Get many exports' },
        {
          name: 'Start',
          value: 'start',
          description: 'Start a CSV export of the leads matching filters (1 credit per row)',
          action: 'Start an export',
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
