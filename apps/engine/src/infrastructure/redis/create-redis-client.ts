import Redis, { RedisOptions } from 'ioredis';
import { redactUrl } from '../preflight/redact-url';

/** REDIS_URL as ioredis options; the path's database number is honoured. */
export function redisOptionsFromUrl(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  const db = url.pathname.replace(/^\//, '');
  return {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: db ? Number(db) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
}

export function createRedisClient(redisUrl: string, extra: RedisOptions = {}): Redis {
  return new Redis({ ...redisOptionsFromUrl(redisUrl), lazyConnect: false, ...extra });
}

const READY_WITHIN_MS = 10_000;

/**
 * The engine's shared connection: a command fails at once while Redis is away (no offline queue, no
 * retries) and within a second when Redis hangs, so no request waits on it. It is returned connected,
 * since commands sent before the first connect would fail too; the start-up check has seen Redis answer.
 */
export async function connectFailFastRedis(redisUrl: string): Promise<Redis> {
  const redis = createRedisClient(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    enableAutoPipelining: true,
  });
  // Connection errors are the availability tracker's to report, once per outage.
  redis.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis at ${redactUrl(redisUrl)} not ready within 10 s`)), READY_WITHIN_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** A subscriber beside the shared connection: it queues its SUBSCRIBE until connected and subscribes again after each reconnect. */
export function duplicateForSubscribing(redis: Redis): Redis {
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
  subscriber.on('error', () => undefined);
  return subscriber;
}
