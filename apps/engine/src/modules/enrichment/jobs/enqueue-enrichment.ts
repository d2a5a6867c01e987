import type { Queue } from 'bull';
import { durableJobOptions } from '../../../infrastructure/jobs/durable-job-options';

export const RUN_ENRICHMENT_JOB = 'run-enrichment';

/** The enrichment job id is the Bull job id, so queueing a job twice runs it once. */
export async function enqueueEnrichment(queue: Queue, jobId: string): Promise<void> {
  await queue.add(RUN_ENRICHMENT_JOB, { jobId }, durableJobOptions(jobId));
}
