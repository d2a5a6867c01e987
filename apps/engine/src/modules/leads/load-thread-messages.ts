import type { LeadTableSnapshotRefusalReason, TransferableLeadTable } from '@lead-engine/core';

export interface LoadThreadData {
  databaseUrl: string;
  /** LEAD_SNAPSHOT_DIR, or null when snapshots are off. */
  snapshotRoot: string | null;
  /** Whether a snapshot at the database's current lead data version is tried before PostgreSQL. */
  snapshotFirst: boolean;
  /** LEAD_SEGMENT_MIN_ROWS. */
  segmentMinRows: number;
}

/** Why a snapshot was not used: the format's reasons, or an I/O error reading it. */
export interface SnapshotRefusalNote {
  refused: LeadTableSnapshotRefusalReason | 'unreadable';
  detail: string;
  directory: string;
}

export type LoadThreadMessage =
  | { progress: { loaded: number; total: number } }
  | { snapshotRefused: SnapshotRefusalNote }
  | {
      table: TransferableLeadTable;
      dataVersion: string;
      reloadVersion: string;
      source: 'snapshot' | 'database';
      /** When the snapshot the table came from, or the one written after reading it, was written. */
      snapshotWrittenAt: string | null;
      /** Why the snapshot could not be written after a load from PostgreSQL. */
      snapshotFailure: string | null;
    }
  | { error: { message: string; code?: string } };
