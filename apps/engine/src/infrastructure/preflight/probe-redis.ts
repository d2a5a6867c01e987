import Redis from 'ioredis';
import { redisOptionsFromUrl } from '../redis/create-redis-client';
import type { DependencyProblem } from './dependency-problem';
import { redactUrl } from './redact-url';

/** Errors with which a Redis server that answered turns the engine away. */
const REFUSALS = /NOAUTH|WRONGPASS|ERR invalid password|NOPERM|ERR DB index/i;

/** One connection attempt to Redis: null when the engine can use it, else what is wrong. */
export async function probeRedis(redisUrl: string, timeoutMs: number): Promise<DependencyProblem | null> {
  const client = new Redis({
    ...redisOptionsFromUrl(redisUrl),
    lazyConnect: true,
    connectTimeout: timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connect promise only says "Connection is closed."; the error event says why.
  let cause: Error | null = null;
  client.on('error', (error: Error) => (cause = error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    const detail = (cause ?? (error as Error)).message;
    return { service: 'Redis', target: redactUrl(redisUrl), kind: REFUSALS.test(detail) ? 'refused' : 'unreachable', detail };
  } finally {
    client.disconnect();
  }
}
