import { DataSource } from 'typeorm';
import { ensureDatabaseExists } from './ensure-database-exists';
import { MIGRATIONS } from './migrations';
import { ADVISORY_LOCKS } from './advisory-locks';

export interface DataSourceOptions {
  databaseUrl: string;
  poolSize?: number;
  applicationName?: string;
}

export function buildDataSource(options: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.databaseUrl,
    entities: [],
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      max: options.poolSize ?? 20,
      application_name: options.applicationName ?? 'lead-engine',
      // A request never waits longer than this for a connection, so one that needs an unreachable
      // PostgreSQL is answered within 2 s.
      connectionTimeoutMillis: 1_500,
      idleTimeoutMillis: 30_000,
    },
  });
}

/** Creates the database if needed, connects, and runs pending migrations under an advisory lock so concurrent starts take turns. */
export async function openDatabase(options: DataSourceOptions): Promise<DataSource> {
  await ensureDatabaseExists(options.databaseUrl);
  const dataSource = await buildDataSource(options).initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
    }
  } finally {
    await runner.release();
  }
  return dataSource;
}
