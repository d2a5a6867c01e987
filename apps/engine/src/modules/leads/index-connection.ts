import { Client } from 'pg';

/** Runs `work` on a PostgreSQL connection of its own, apart from the engine's pool, closed after. */
export async function withIndexConnection<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'lead-engine-index', connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
