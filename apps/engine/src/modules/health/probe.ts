import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

const PROBE_TIMEOUT_MS = 1_500;

/** Whether a dependency answers within the probe's time. */
export async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** PostgreSQL and Redis, probed side by side. */
export async function probeServices(dataSource: DataSource, redis: Redis): Promise<{ postgres: 'up' | 'down'; redis: 'up' | 'down' }> {
  const [postgres, redisState] = await Promise.all([probe(() => dataSource.query('SELECT 1')), probe(() => redis.ping())]);
  return { postgres, redis: redisState };
}
