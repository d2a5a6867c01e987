import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { buildDataSource } from '../database/create-data-source';
import { ensureDatabaseExists } from '../database/ensure-database-exists';
import { EngineMetrics } from './engine-metrics';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const databaseName = `le_test_engine_metrics_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

let dataSource: DataSource;
let metrics: EngineMetrics;

const spent = async () => {
  const values = (await metrics.registry.getSingleMetric('lead_engine_credits_spent_total')!.get()).values;
  return values.reduce((sum, { value }) => sum + value, 0);
};
const spend = (manager: EntityManager, amount: number) => metrics.countCredits(manager, 'spend', 'reveal', amount);
const refused = new Error('rolled back');
const rollingBack = (work: () => Promise<void>) => work().catch((error) => expect(error).toBe(refused));

beforeAll(async () => {
  await ensureDatabaseExists(`${POSTGRES_URL}/${databaseName}`);
  dataSource = await buildDataSource({ databaseUrl: `${POSTGRES_URL}/${databaseName}`, poolSize: 2 }).initialize();
});

beforeEach(() => {
  metrics = new EngineMetrics({ METRICS: false } as EngineConfig, dataSource);
});

afterEach(() => {
  dataSource.subscribers.splice(dataSource.subscribers.indexOf(metrics), 1);
});

afterAll(async () => {
  await dataSource.destroy();
  const client = new Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await client.end();
});

describe('credit movements counted by commit', () => {
  it('counts a movement outside a transaction at once, and one inside only when its transaction commits', async () => {
    spend(dataSource.manager, 2);
    expect(await spent()).toBe(2);
    await dataSource.transaction(async (manager) => {
      spend(manager, 3);
      expect(await spent()).toBe(2);
    });
    expect(await spent()).toBe(5);
  });

  it('counts nothing of a transaction rolled back, savepoints released inside it included', async () => {
    await rollingBack(() =>
      dataSource.transaction(async (manager) => {
        spend(manager, 3);
        await manager.transaction(async (inner) => spend(inner, 4));
        throw refused;
      }),
    );
    expect(await spent()).toBe(0);
  });

  it('drops what was written after a savepoint rolled back, and counts the rest at the outer commit', async () => {
    await dataSource.transaction(async (manager) => {
      spend(manager, 3);
      await rollingBack(() =>
        manager.transaction(async (inner) => {
          spend(inner, 4);
          throw refused;
        }),
      );
      await manager.transaction(async (inner) => spend(inner, 5));
      expect(await spent()).toBe(0);
    });
    expect(await spent()).toBe(8);
  });
});
