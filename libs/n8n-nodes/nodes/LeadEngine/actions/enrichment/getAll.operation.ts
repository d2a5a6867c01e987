import type { INodeProperties } from 'n8n-workflow';
import { pagingFields } from '../../descriptions/paging.description';
import { listJobs } from '../shared/jobReaders';

export const description: INodeProperties[] = [...pagingFields('enrichment', 'getAll')];

/** The engine lists the 50 most recent enrichment jobs. */
export const execute = listJobs('/enrich-csv/jobs', 'jobs');
