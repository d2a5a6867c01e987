import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisAvailability } from '../redis/redis-availability';

/** How long a request waits for Bull to take a job before answering anyway. */
const HANDOFF_WAIT_MS = 500;

/**
 * Hands a job that is already recorded in PostgreSQL to its Bull queue without making the request wait
 * on Redis. While Redis is away (or slower than the wait) the job stays queued in PostgreSQL and is
 * handed over again when Redis is back (JobRunner); Bull ignores a job id it already holds.
 */
export async function handToQueue(redisAvailability: RedisAvailability, enqueue: () => Promise<void>): Promise<void> {
  if (!redisAvailability.isUp) return;
  const handed = enqueue().catch(() => undefined);
  await Promise.race([handed, sleep(HANDOFF_WAIT_MS, undefined, { ref: false })]);
}
