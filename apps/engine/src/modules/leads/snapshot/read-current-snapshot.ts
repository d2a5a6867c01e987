import { LeadTable, LeadTableSnapshotMeta } from '@lead-engine/core';
import { Client } from 'pg';
import { LEAD_DATA_VERSION_SQL } from '../lead-data-version';
import type { SnapshotRefusalNote } from '../load-thread-messages';
import { readLeadTableSnapshot } from './lead-table-snapshot-file';
import { snapshotDirectoryFor } from './snapshot-directory';

/** The snapshot of the database's lead data as it is now, or why there is none to use. */
export async function readCurrentSnapshot(
  databaseUrl: string,
  snapshotRoot: string,
): Promise<{ table: LeadTable; meta: LeadTableSnapshotMeta } | SnapshotRefusalNote> {
  const dataVersion = await currentLeadDataVersion(databaseUrl);
  const directory = snapshotDirectoryFor(snapshotRoot, dataVersion);
  const read = await readLeadTableSnapshot(directory, dataVersion).catch((error: Error) => ({
    refused: 'unreadable' as const,
    detail: error.message,
  }));
  return 'refused' in read ? { ...read, directory } : read;
}

async function currentLeadDataVersion(databaseUrl: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'lead-engine-index', connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<{ data_version: string }>(LEAD_DATA_VERSION_SQL)).rows[0].data_version;
  } finally {
    await client.end().catch(() => undefined);
  }
}
