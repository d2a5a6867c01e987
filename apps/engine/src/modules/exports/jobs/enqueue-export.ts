import type { Queue } from 'bull';
import { durableJobOptions } from '../../../infrastructure/jobs/durable-job-options';

export const RUN_EXPORT_JOB = 'run-export';

/** The export id is the Bull job id, so queueing an export twice runs it once. */
export async function enqueueExport(queue: Queue, exportId: string): Promise<void> {
  await queue.add(RUN_EXPORT_JOB, { exportId }, durableJobOptions(exportId));
}
