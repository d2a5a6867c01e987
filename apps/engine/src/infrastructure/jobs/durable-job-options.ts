import type { JobOptions } from 'bull';

/**
 * How every durable job (export, scrape, enrichment) is queued: its own id as the Bull job id, so
 * queueing it twice runs it once; three attempts with exponential backoff; the last thousand finished
 * entries kept for inspection.
 */
export function durableJobOptions(jobId: string): JobOptions {
  return { jobId, attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: 1000 };
}
