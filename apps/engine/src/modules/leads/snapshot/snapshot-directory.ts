import path from 'node:path';

/**
 * Each database's lead table has a directory of its own under LEAD_SNAPSHOT_DIR, named by the
 * database's dataset id (the part of its data version before the colon), so engines of several
 * databases on one host never take each other's snapshot.
 */
export function snapshotDirectoryFor(root: string, dataVersion: string): string {
  return path.resolve(root, dataVersion.split(':')[0]);
}
