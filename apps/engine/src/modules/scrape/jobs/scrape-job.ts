import { QUEUE_NAMES, ScrapeJobPayload, scrapeJobPayloadSchema } from '@lead-engine/contracts';
import type { DurableJobKind } from '../../../infrastructure/jobs/job-kind';

/** Four scrapes per worker side by side; their site reads share the process-wide SCRAPE_CONCURRENCY. */
export const SCRAPE_JOB: DurableJobKind<ScrapeJobPayload> = {
  queue: QUEUE_NAMES.scrape,
  name: 'run-scrape',
  payload: scrapeJobPayloadSchema,
  noun: 'scrape',
  plural: 'scrape jobs',
  concurrency: 4,
  payloadOf: (jobId) => ({ jobId }),
};
