import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import { openDatabase } from '../../../apps/engine/src/infrastructure/database/create-data-source';
import { POSTGRES_URL, withMaintenance } from './test-services';

const MIGRATIONS = path.join(__dirname, '../../../apps/engine/src/infrastructure/database/migrations');
/** Held while a template is built, so that two jest workers never build the same one. */
const TEMPLATE_LOCK = 734_210_915;

/** The template's name: the migrations' own text decides it, so a changed migration gets a template of its own. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)));
  return `le_template_${hash.digest('hex').slice(0, 16)}`;
}

const exists = async (client: Client, name: string) =>
  (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;

/** A database with every migration applied, built once per migrations' text and kept for later runs. */
async function buildTemplate(): Promise<string> {
  const name = templateName();
  return withMaintenance(async (client) => {
    if (await exists(client, name)) return name;
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await exists(client, name)) return name;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      const dataSource = await openDatabase({ databaseUrl: `${POSTGRES_URL}/${building}`, applicationName: 'lead-engine-test-template' });
      await dataSource.destroy();
      // Published whole or not at all: a worker sees the template only once every migration is in it.
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

let template: Promise<string> | null = null;

/**
 * Creates a test's database as a copy of the migrated template (a fraction of a second) rather than
 * leaving the engine to run every migration on an empty one (one to two seconds per test file). The
 * engine still runs its migrations at start: it finds them applied.
 */
export async function createMigratedDatabase(databaseUrl: string): Promise<void> {
  template ??= buildTemplate();
  template.catch(() => {
    template = null;
  });
  const source = await template;
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await withMaintenance((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${source}"`));
}
