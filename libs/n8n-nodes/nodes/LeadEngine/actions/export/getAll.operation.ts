import type { INodeProperties } from 'n8n-workflow';
import { pagingFields } from '../../descriptions/paging.description';
import { listJobs } from '../shared/jobReaders';

export const description: INodeProperties[] = [...pagingFields('export', 'getAll')];

/** The engine lists the 50 most recent exports, newest first. */
export const execute = listJobs('/leads/exports', 'exports');
