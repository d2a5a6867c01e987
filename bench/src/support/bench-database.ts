import { Client } from 'pg';

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function withDatabase<T>(database: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${POSTGRES_URL}/${database}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Contacts in a bench database, or -1 when it does not exist or has no schema yet. */
export async function contactsIn(database: string): Promise<number> {
  const exists = await withAdmin(
    async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount,
  );
  if (!exists) return -1;
  return withDatabase(database, async (client) => {
    try {
      return Number((await client.query('SELECT count(*) AS n FROM contacts')).rows[0].n);
    } catch {
      return -1;
    }
  });
}

export const dropDatabase = (database: string) => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));

/** The scratch database of N generated contacts that the leads and exports benchmarks share. */
export const leadsBenchDatabase = (contacts: number) => `le_bench_leads_${contacts}`;

export const engineEnv = (database: string): Record<string, string> => ({
  DATABASE_URL: `${POSTGRES_URL}/${database}`,
  REDIS_KEY_PREFIX: `le-bench:${database}`,
  DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_RPS: '1000000000',
  RATE_LIMIT_BURST: '1000000000',
  // No snapshots unless a benchmark measures them in a directory of its own.
  LEAD_SNAPSHOT_DIR: 'off',
});
