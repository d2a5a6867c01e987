import { Client } from 'pg';

/** The PostgreSQL server and Redis the tests use (CI's, unless the environment names others). */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Work on the server's maintenance database (`postgres`): creating, renaming and dropping test databases. */
export async function withMaintenance<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
