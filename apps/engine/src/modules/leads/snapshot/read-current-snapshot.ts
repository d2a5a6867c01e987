import { LeadTable, LeadTableSnapshotMeta, mostDeltaContacts } from '@lead-engine/core/leads';
import type { Client } from 'pg';
import { withIndexConnection } from '../index-connection';
import { LEAD_DATA_VERSION_SQL, versionNumber } from '../lead-data-version';
import type { SnapshotRefusalNote } from '../load-thread-messages';
import { readLeadTableSnapshot, SnapshotStaleness } from './lead-table-snapshot-file';
import { snapshotDirectoryFor } from './snapshot-directory';

/**
 * The snapshot of the database's lead data, or why there is none to use. One written at an older
 * version will do while what changed since is a delta the engine adds after (no contact or company
 * removed, no company's profile changed: the reload version has not moved) of at most
 * mostDeltaContacts of its size; the table then answers at the snapshot's version until caught up.
 */
export function readCurrentSnapshot(
  databaseUrl: string,
  snapshotRoot: string,
): Promise<{ segments: LeadTable[]; meta: LeadTableSnapshotMeta } | SnapshotRefusalNote> {
  return withIndexConnection(databaseUrl, async (client) => {
    const [current] = (await client.query<{ data_version: string; reload_version: string }>(LEAD_DATA_VERSION_SQL)).rows;
    const directory = snapshotDirectoryFor(snapshotRoot, current.data_version);
    const staleness: SnapshotStaleness = async (meta) => {
      if (meta.dataVersion === current.data_version) return null;
      const behind = `written at lead data version ${meta.dataVersion}; the database is at ${current.data_version}`;
      if (meta.reloadVersion !== current.reload_version)
        return `${behind}, with contacts or companies removed or a company's profile changed since`;
      if (versionNumber(meta.dataVersion) > versionNumber(current.data_version)) return behind;
      const changed = await contactsChangedSince(client, versionNumber(meta.dataVersion));
      return changed <= mostDeltaContacts(meta.contacts) ? null : `${behind}, with ${changed} contacts changed since`;
    };
    const read = await readLeadTableSnapshot(directory, staleness).catch((error: Error) => ({
      refused: 'unreadable' as const,
      detail: error.message,
    }));
    return 'refused' in read ? { ...read, directory } : read;
  });
}

async function contactsChangedSince(client: Client, version: number): Promise<number> {
  const { rows } = await client.query<{ changed: number }>('SELECT count(*)::float8 AS changed FROM contacts WHERE lead_version > $1', [
    version,
  ]);
  return rows[0].changed;
}
