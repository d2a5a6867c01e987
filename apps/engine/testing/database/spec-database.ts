import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export interface SpecDatabase {
  /** The URL of a database named for this spec alone (created by whoever opens it first). */
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

/** A uniquely named PostgreSQL database for a spec that tests against the real thing, for specs. */
export function specDatabase(label: string): SpecDatabase {
  const name = `le_test_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.slice(0, 63);
  return {
    url: `${POSTGRES_URL}/${name}`,
    async drop() {
      const admin = new Client({ connectionString: `${POSTGRES_URL}/postgres` });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
