import { parentPort, workerData } from 'node:worker_threads';
import { toTransferable } from '@lead-engine/core';
import { loadLeadTable } from './load-lead-table';
import type { LoadThreadData, LoadThreadMessage } from './load-thread-messages';
import { snapshotDirectoryFor } from './snapshot/snapshot-directory';
import { writeLeadTableSnapshot } from './snapshot/lead-table-snapshot-file';

const PROGRESS_EVERY_CONTACTS = 250_000;

const post = (message: LoadThreadMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/**
 * Thread entry: loads the table, writes its snapshot for the next start (a failed write costs only that),
 * then posts the table back, its columns transferred rather than copied.
 */
async function run({ databaseUrl, snapshotRoot }: LoadThreadData): Promise<void> {
  let reported = -PROGRESS_EVERY_CONTACTS;
  const { table, dataVersion } = await loadLeadTable(databaseUrl, (loaded, total) => {
    if (loaded - reported < PROGRESS_EVERY_CONTACTS && loaded < total) return;
    reported = loaded;
    post({ progress: { loaded, total } });
  });
  let snapshot: { written: string } | { failed: string } | null = null;
  if (snapshotRoot !== null) {
    const directory = snapshotDirectoryFor(snapshotRoot, dataVersion);
    snapshot = await writeLeadTableSnapshot(directory, table, {
      dataVersion,
      contacts: table.size,
      writtenAt: new Date().toISOString(),
    }).then(
      () => ({ written: directory }),
      (error: Error) => ({ failed: `${directory}: ${error.message}` }),
    );
  }
  const { table: transferable, transfer } = toTransferable(table);
  post({ table: transferable, dataVersion, snapshot }, transfer);
}

run(workerData as LoadThreadData).catch((error: Error & { code?: string }) =>
  post({ error: { message: error.message, code: error.code } }),
);
