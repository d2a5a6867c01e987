import type { INodeProperties } from 'n8n-workflow';
import { binaryPropertyField } from '../../descriptions/jobId.description';
import { downloadJobCsv } from '../shared/jobReaders';

export const description: INodeProperties[] = [
  binaryPropertyField('enrichment', ['download'], 'The enriched CSV: the input columns, one column per requested field, then Website Read'),
];

export const execute = downloadJobCsv(
  'jobId',
  (id) => `/enrich-csv/jobs/${id}/csv`,
  (jobId, fileName) => ({ jobId, fileName }),
  (id) => `lead-engine-enrichment-${id}.csv`,
);
