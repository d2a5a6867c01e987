import { LeadTable, LeadTableSnapshotMeta } from '@lead-engine/core';
import { withIndexConnection } from '../index-connection';
import { LEAD_DATA_VERSION_SQL, LeadDataVersions } from '../lead-data-version';
import type { SnapshotRefusalNote } from '../load-thread-messages';
import { readLeadTableSnapshot } from './lead-table-snapshot-file';
import { snapshotDirectoryFor } from './snapshot-directory';

/** The snapshot of the database's lead data as it is now, or why there is none to use. */
export async function readCurrentSnapshot(
  databaseUrl: string,
  snapshotRoot: string,
): Promise<{ table: LeadTable; meta: LeadTableSnapshotMeta; reloadVersion: string } | SnapshotRefusalNote> {
  const { dataVersion, reloadVersion } = await currentLeadDataVersions(databaseUrl);
  const directory = snapshotDirectoryFor(snapshotRoot, dataVersion);
  const read = await readLeadTableSnapshot(directory, dataVersion).catch((error: Error) => ({
    refused: 'unreadable' as const,
    detail: error.message,
  }));
  // Both versions move together, so a snapshot at the current data version is at the current reload version.
  return 'refused' in read ? { ...read, directory } : { ...read, reloadVersion };
}

function currentLeadDataVersions(databaseUrl: string): Promise<LeadDataVersions> {
  return withIndexConnection(databaseUrl, async (client) => {
    const [row] = (await client.query<{ data_version: string; reload_version: string }>(LEAD_DATA_VERSION_SQL)).rows;
    return { dataVersion: row.data_version, reloadVersion: row.reload_version };
  });
}
