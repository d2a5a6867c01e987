import { parentPort, workerData } from 'node:worker_threads';
import { LeadTable, toTransferable } from '@lead-engine/core/leads';
import { runThisThreadInBackground } from '../../../infrastructure/process/background-priority';
import { loadLeadTable } from '../load-lead-table';
import { readCurrentSnapshot } from '../snapshot/read-current-snapshot';
import { snapshotDirectoryFor } from '../snapshot/snapshot-directory';
import { writeLeadTableSnapshot } from '../snapshot/lead-table-snapshot-file';
import type { LeadTableLoadData, LeadTableLoadMessage } from './lead-table-loader';

const PROGRESS_EVERY_CONTACTS = 250_000;

const post = (message: LeadTableLoadMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/**
 * Thread entry: the table from its snapshot when that holds the database's current lead data, else
 * from PostgreSQL, writing a snapshot for the next start (a failed write costs only that); then posts
 * the table back, its columns transferred rather than copied. Reading and checking a snapshot here
 * leaves the engine's own thread free to boot meanwhile.
 */
async function run({ databaseUrl, snapshotRoot, snapshotFirst, segmentMinRows }: LeadTableLoadData): Promise<void> {
  if (snapshotRoot !== null && snapshotFirst) {
    const read = await readCurrentSnapshot(databaseUrl, snapshotRoot);
    if (!('refused' in read)) {
      return postTable(read.segments, {
        dataVersion: read.meta.dataVersion,
        reloadVersion: read.meta.reloadVersion,
        source: 'snapshot',
        snapshotWrittenAt: read.meta.writtenAt,
        snapshotFailure: null,
      });
    }
    post({ snapshotRefused: read });
  }
  let reported = -PROGRESS_EVERY_CONTACTS;
  const { segments, dataVersion, reloadVersion } = await loadLeadTable(databaseUrl, segmentMinRows, (loaded, total) => {
    if (loaded - reported < PROGRESS_EVERY_CONTACTS && loaded < total) return;
    reported = loaded;
    post({ progress: { loaded, total } });
  });
  if (snapshotRoot === null)
    return postTable(segments, { dataVersion, reloadVersion, source: 'database', snapshotWrittenAt: null, snapshotFailure: null });
  const directory = snapshotDirectoryFor(snapshotRoot, dataVersion);
  const writtenAt = new Date().toISOString();
  const contacts = segments.reduce((sum, segment) => sum + segment.size, 0);
  const failure = await writeLeadTableSnapshot(directory, segments, { dataVersion, reloadVersion, contacts, writtenAt }).then(
    () => null,
    (error: Error) => `${directory}: ${error.message}`,
  );
  postTable(segments, {
    dataVersion,
    reloadVersion,
    source: 'database',
    snapshotWrittenAt: failure === null ? writtenAt : null,
    snapshotFailure: failure,
  });
}

function postTable(segments: LeadTable[], about: Omit<Extract<LeadTableLoadMessage, { table: unknown }>, 'table'>): void {
  const { table: transferable, transfer } = toTransferable(segments);
  post({ table: transferable, ...about }, transfer);
}

// A table loaded again while the old one serves must not slow it; at boot nothing else wants the CPU.
runThisThreadInBackground();
run(workerData as LeadTableLoadData).catch((error: Error & { code?: string }) =>
  post({ error: { message: error.message, code: error.code } }),
);
