import type { INodeProperties } from 'n8n-workflow';
import { jobIdField } from '../../descriptions/jobId.description';
import { readJob } from '../shared/jobReaders';

/** Shared with Download, which reads the same field. */
export const description: INodeProperties[] = [
  jobIdField('export', ['get', 'download'], 'exportId', 'Export ID', 'ID of the export, as returned by Start (job_id) or Get (ID)'),
];

export const execute = readJob('exportId', (id) => `/leads/exports/${id}`);
