import Redis, { RedisOptions } from 'ioredis';

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
