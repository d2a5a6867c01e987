import type { INodeProperties } from 'n8n-workflow';
import { jobIdField } from '../../descriptions/jobId.description';
import { readJob } from '../shared/jobReaders';

/** Shared with Download, which reads the same field. */
export const description: INodeProperties[] = [
  jobIdField('enrichment', ['get', 'download'], 'jobId', 'Job ID', 'ID of the enrichment job'),
];

/** Reading the status also settles refunds for empty cells. */
export const execute = readJob('jobId', (id) => `/enrich-csv/jobs/${id}`);
