import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/** Where the trigger finds the jobs of an event: the listing, its array, the status to look for. */
export interface JobEvent {
  listPath: string;
  listKey: string;
  status: 'completed' | 'failed';
  completedAt: (job: IDataObject) => string;
}

const exportJobs = {
  listPath: '/leads/exports',
  listKey: 'exports',
  completedAt: (job: IDataObject) => String(job.completedAt ?? job.createdAt ?? ''),
};
const enrichmentJobs = {
  listPath: '/enrich-csv/jobs',
  listKey: 'jobs',
  completedAt: (job: IDataObject) => String(job.completed_at ?? job.created_at ?? ''),
};
const scrapeJobs = {
  listPath: '/scrape/jobs',
  listKey: 'jobs',
  completedAt: (job: IDataObject) => String(job.completed_at ?? job.created_at ?? ''),
};

export const JOB_EVENTS: Record<string, JobEvent> = {
  exportCompleted: { ...exportJobs, status: 'completed' },
  exportFailed: { ...exportJobs, status: 'failed' },
  enrichmentCompleted: { ...enrichmentJobs, status: 'completed' },
  enrichmentFailed: { ...enrichmentJobs, status: 'failed' },
  scrapeCompleted: { ...scrapeJobs, status: 'completed' },
  scrapeFailed: { ...scrapeJobs, status: 'failed' },
};

export const jobEventOptions: INodePropertyOptions[] = [
  { name: 'Enrichment Completed', value: 'enrichmentCompleted', description: 'An enrichment job finished; its CSV can be downloaded' },
  { name: 'Enrichment Failed', value: 'enrichmentFailed', description: 'An enrichment job failed' },
  { name: 'Export Completed', value: 'exportCompleted', description: 'An export finished; its CSV can be downloaded' },
  { name: 'Export Failed', value: 'exportFailed', description: 'An export failed' },
  { name: 'Scrape Completed', value: 'scrapeCompleted', description: 'A scrape job finished; its results can be read' },
  { name: 'Scrape Failed', value: 'scrapeFailed', description: 'A scrape job failed' },
];

/**
 * The engine's webhook event type of each event the trigger can receive instantly. Scrape failures have
 * none (the engine announces finished scrapes only); a low balance has no job listing to poll.
 */
export const WEBHOOK_EVENT_TYPES: Record<string, string> = {
  creditsLow: 'credits.low',
  enrichmentCompleted: 'enrichment.completed',
  enrichmentFailed: 'enrichment.failed',
  exportCompleted: 'export.completed',
  exportFailed: 'export.failed',
  scrapeCompleted: 'scrape.completed',
};

export const webhookEventOptions: INodePropertyOptions[] = [
  { name: 'Credits Low', value: 'creditsLow', description: 'The balance fell below the threshold; the item holds the balance' },
  ...jobEventOptions.filter((option) => String(option.value) in WEBHOOK_EVENT_TYPES),
];
