import type { INodeProperties } from 'n8n-workflow';
import { jobIdField } from '../../descriptions/jobId.description';
import { readJob } from '../shared/jobReaders';

/** Shared with Get Results, which reads the same field. */
export const description: INodeProperties[] = [jobIdField('scrape', ['get', 'getResults'], 'jobId', 'Job ID', 'ID of the scrape job')];

export const execute = readJob('jobId', (id) => `/scrape/jobs/${id}`);
