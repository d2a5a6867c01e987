import { until } from './until';

/** The wait every job ends with, whether read over /api/v1 or the console: its status polled until it completed or failed. */
export function untilFinished<Job extends { status: string }>(what: string, read: () => Promise<Job>, timeoutMs?: number): Promise<Job> {
  let last: Job | undefined;
  return until(
    `${what} finished`,
    async () => {
      last = await read();
      return last.status === 'completed' || last.status === 'failed' ? last : undefined;
    },
    () => `still ${last?.status}: ${JSON.stringify(last)}`,
    timeoutMs,
  );
}
