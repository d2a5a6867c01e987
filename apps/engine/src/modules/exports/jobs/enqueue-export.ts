import type { Queue } from 'bull';

export const RUN_EXPORT_JOB = 'run-export';

/** The export id is the Bull job id, so queueing an export twice runs it once. */
export async function enqueueExport(queue: Queue, exportId: string): Promise<void> {
  await queue.add(
    RUN_EXPORT_JOB,
    { exportId },
    { jobId: exportId, attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: 1000 },
  );
}
