import type { INodeProperties } from 'n8n-workflow';
import { pagingFields } from '../../descriptions/paging.description';
import { listJobs } from '../shared/jobReaders';

export const description: INodeProperties[] = [...pagingFields('scrape', 'getAll')];

/** The engine lists the 50 most recent scrape jobs. */
export const execute = listJobs('/scrape/jobs', 'jobs');
