import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { releaseDatabase } from './run-databases';
import { REDIS_URL, POSTGRES_URL } from './test-services';

export { POSTGRES_URL, REDIS_URL } from './test-services';

export interface TestEnvironment {
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** Where this environment's engines keep their lead table snapshots. */
  snapshotDir: string;
  /** Environment variables that point an engine process at this environment. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A uniquely named database (created by the engine on start) and Redis key prefix, removed by cleanup. */
export function createTestEnvironment(label: string): TestEnvironment {
  const suffix = `${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseName = `le_test_${suffix}`.slice(0, 63);
  const databaseUrl = `${POSTGRES_URL}/${databaseName}`;
  const redisKeyPrefix = `le-test:${suffix}`;
  const snapshotDir = path.join(tmpdir(), 'le-test-snapshots', suffix);
  return {
    databaseUrl,
    redisUrl: REDIS_URL,
    redisKeyPrefix,
    snapshotDir,
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      DEMO_DATA: 'false',
      // Tests that turn DEMO_DATA on get a small demo data set unless they ask for more.
      DEMO_CONTACT_COUNT: '200',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      RATE_LIMIT_RPS: '100000',
      RATE_LIMIT_BURST: '100000',
      LEAD_SNAPSHOT_DIR: snapshotDir,
      // A loaded machine may take seconds to load even a small table at boot; a test that asks at once waits for it.
      LEAD_TABLE_WAIT_MS: '60000',
      // Tables of a few thousand contacts come in several segments, as millions do in production.
      LEAD_SEGMENT_MIN_ROWS: '1000',
    },
    async cleanup() {
      await rm(snapshotDir, { recursive: true, force: true });
      await releaseDatabase(databaseName);
      await deleteRedisKeys(`${redisKeyPrefix}:*`);
    },
  };
}

async function deleteRedisKeys(pattern: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
