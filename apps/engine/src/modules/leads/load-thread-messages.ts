import type { TransferableLeadTable } from '@lead-engine/core';

export interface LoadThreadData {
  databaseUrl: string;
  /** LEAD_SNAPSHOT_DIR, or null when snapshots are off. */
  snapshotRoot: string | null;
}

export type LoadThreadMessage =
  | { progress: { loaded: number; total: number } }
  | { table: TransferableLeadTable; dataVersion: string; snapshot: { written: string } | { failed: string } | null }
  | { error: { message: string; code?: string } };
