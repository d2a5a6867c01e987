import type { DataSource, EntityManager } from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { buildDataSource } from '../database/create-data-source';
import { ensureDatabaseExists } from '../database/ensure-database-exists';
import { specDatabase } from '../../../testing/database/spec-database';
import { EngineMetrics } from './engine-metrics';

const database = specDatabase('engine_metrics');

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
  await ensureDatabaseExists(database.url);
  dataSource = await buildDataSource({ databaseUrl: database.url, poolSize: 2 }).initialize();
});

beforeEach(() => {
  metrics = new EngineMetrics({ METRICS: false } as EngineConfig, dataSource);
});

afterEach(() => {
  dataSource.subscribers.splice(dataSource.subscribers.indexOf(metrics), 1);
});

afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
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
