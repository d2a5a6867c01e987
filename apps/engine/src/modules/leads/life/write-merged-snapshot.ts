import type { Logger } from '@nestjs/common';
import type { LiveLeadTable } from '@lead-engine/core';
import { writeLeadTableSnapshot } from '../snapshot/lead-table-snapshot-file';
import { snapshotDirectoryFor } from '../snapshot/snapshot-directory';
import type { LeadDataVersions } from '../lead-data-version';

/**
 * The merged segments hold the contacts as of the version the merge started at (later changes are
 * deltas, masks aside), so they are written as a snapshot of that version for the next start. Answers
 * when it was written; null when snapshots are off or it could not be written (the log says why).
 */
export async function writeMergedSnapshot(
  root: string | null,
  live: LiveLeadTable,
  at: LeadDataVersions,
  logger: Logger,
): Promise<Date | null> {
  if (root === null) return null;
  const segments = live.segments.map((segment) => segment.table);
  const directory = snapshotDirectoryFor(root, at.dataVersion);
  const writtenAt = new Date();
  const contacts = segments.reduce((sum, segment) => sum + segment.size, 0);
  try {
    await writeLeadTableSnapshot(directory, segments, {
      dataVersion: at.dataVersion,
      reloadVersion: at.reloadVersion,
      contacts,
      writtenAt: writtenAt.toISOString(),
    });
    return writtenAt;
  } catch (error) {
    logger.warn(
      { reason: `${directory}: ${(error as Error).message}` },
      'lead table snapshot not written; the next start loads from PostgreSQL',
    );
    return null;
  }
}
