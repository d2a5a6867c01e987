import type { Queue } from 'bull';
import { durableJobOptions } from '../../../infrastructure/jobs/durable-job-options';

export const RUN_SCRAPE_JOB = 'run-scrape';

/** The scrape job id is the Bull job id, so queueing a job twice runs it once. */
export async function enqueueScrape(queue: Queue, jobId: string): Promise<void> {
  await queue.add(RUN_SCRAPE_JOB, { jobId }, durableJobOptions(jobId));
}
