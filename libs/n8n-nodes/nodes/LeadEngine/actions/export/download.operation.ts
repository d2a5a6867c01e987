import type { INodeProperties } from 'n8n-workflow';
import { binaryPropertyField } from '../../descriptions/jobId.description';
import { downloadJobCsv } from '../shared/jobReaders';

export const description: INodeProperties[] = [
  binaryPropertyField('export', ['download'], 'The CSV of the export (free: it was paid when the export ran)'),
];

export const execute = downloadJobCsv(
  'exportId',
  (id) => `/leads/exports/${id}/csv`,
  (exportId, fileName, headers) => ({ exportId, fileName, deliveredRows: Number(headers['x-delivered-rows'] ?? 0) }),
  (id) => `lead-engine-export-${id}.csv`,
);
