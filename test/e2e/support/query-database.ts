import { Client } from 'pg';
import type { TestEnvironment } from './test-environment';

/** The rows of one statement, on a connection of its own to the environment's database. */
export async function queryDatabase<T = any>(environment: TestEnvironment, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: environment.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
