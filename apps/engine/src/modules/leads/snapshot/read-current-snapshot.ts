import { LeadTable, LeadTableSnapshotMeta, LeadTableSnapshotRefusalReason, mostDeltaContacts } from '@lead-engine/core/leads';
import { versionNumber } from '../lead-data-version';
import { LeadTableRepository } from '../lead-table.repository';
import { readLeadTableSnapshot, SnapshotStaleness } from './lead-table-snapshot-file';
import { snapshotDirectoryFor } from './snapshot-directory';

/** Why a snapshot was not used: the format's reasons, or an I/O error reading it. */
export interface SnapshotRefusalNote {
  refused: LeadTableSnapshotRefusalReason | 'unreadable';
  detail: string;
  directory: string;
}

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
  return LeadTableRepository.onOwnConnection(databaseUrl, async (leadTable) => {
    const current = await leadTable.dataVersions();
    const directory = snapshotDirectoryFor(snapshotRoot, current.dataVersion);
    const staleness: SnapshotStaleness = async (meta) => {
      if (meta.dataVersion === current.dataVersion) return null;
      const behind = `written at lead data version ${meta.dataVersion}; the database is at ${current.dataVersion}`;
      if (meta.reloadVersion !== current.reloadVersion)
        return `${behind}, with contacts or companies removed or a company's profile changed since`;
      if (versionNumber(meta.dataVersion) > versionNumber(current.dataVersion)) return behind;
      const changed = await leadTable.contactsChangedSince(versionNumber(meta.dataVersion));
      return changed <= mostDeltaContacts(meta.contacts) ? null : `${behind}, with ${changed} contacts changed since`;
    };
    const read = await readLeadTableSnapshot(directory, staleness).catch((error: Error) => ({
      refused: 'unreadable' as const,
      detail: error.message,
    }));
    return 'refused' in read ? { ...read, directory } : read;
  });
}
