import { Client } from 'pg';
import { isDatabaseUnreachable } from '../database/is-database-unreachable';
import type { DependencyProblem } from './dependency-problem';
import { redactUrl } from './redact-url';

/** The engine creates its database when it is missing, so a server that says so is fine. */
const MISSING_DATABASE = '3D000';

/** One connection attempt to PostgreSQL: null when the engine can use it, else what is wrong. */
export async function probePostgres(databaseUrl: string, timeoutMs: number): Promise<DependencyProblem | null> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    if ((error as { code?: string }).code === MISSING_DATABASE) return null;
    const kind = isDatabaseUnreachable(error) ? 'unreachable' : 'refused';
    return { service: 'PostgreSQL', target: redactUrl(databaseUrl), kind, detail: (error as Error).message };
  } finally {
    await client.end().catch(() => undefined);
  }
}
