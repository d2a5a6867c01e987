import { parentPort, workerData } from 'node:worker_threads';
import type { ChangedContact } from '@lead-engine/core';
import { CompanyStore, DeltaBuilder, reasonToLoadWholeInstead, toTransferable } from '@lead-engine/core/leads';
import { runThisThreadInBackground } from '../../../infrastructure/process/background-priority';
import { datasetOf } from '../lead-data-version';
import { type ChangedContactRow, LeadTableRepository } from '../lead-table.repository';
import type { ReadChanges, ReadChangesAnswer, ReadChangesRequest } from './lead-changes-reader';

const { databaseUrl } = workerData as { databaseUrl: string };
// A change shows within a second on an idle host; on a busy one the requests come first.
runThisThreadInBackground();

/**
 * The changes since a table's version, read and built into a delta here rather than on the thread
 * that serves requests: parsing PostgreSQL's rows, the objects of every changed contact and the
 * delta's dictionaries and indexes all cost this thread and its heap alone. Companies go to a store
 * of the delta's own; the engine adopts them into its table's (see adoptDelta).
 */
async function read({ sinceVersion, loaded, baseSize }: ReadChangesRequest): Promise<{ read: ReadChanges; transfer: ArrayBuffer[] }> {
  const startedAt = performance.now();
  const delta = new DeltaBuilder(new CompanyStore({ indexDescriptionWords: false }));
  let loadWholeBecause: string | null = null;
  const header = await LeadTableRepository.onOwnConnection(databaseUrl, (leadTable) =>
    leadTable.streamChangesSince(sinceVersion, {
      wants: (header) => {
        loadWholeBecause = reasonToLoadWholeInstead(loaded, baseSize, {
          dataset: datasetOf(header.dataVersion),
          reloadVersion: header.reloadVersion,
          changedContacts: header.contacts,
        });
        return loadWholeBecause === null && header.contacts > 0;
      },
      contacts: (rows) => {
        for (const row of rows) delta.add(changedContact(row));
      },
    }),
  );
  const built = delta.size === 0 ? null : toTransferable([delta.build().table]);
  return {
    read: { dataVersion: header.dataVersion, loadWholeBecause, delta: built?.table ?? null, ms: Math.round(performance.now() - startedAt) },
    transfer: built?.transfer ?? [],
  };
}

/** A row as a live table takes it. */
function changedContact([
  seq,
  companyId,
  jobTitle,
  seniority,
  department,
  countryCode,
  industry,
  sizeBucket,
  companyType,
  description,
]: ChangedContactRow): ChangedContact {
  return { seq, jobTitle, seniority, department, countryCode, company: { id: companyId, industry, sizeBucket, companyType, description } };
}

parentPort!.on('message', (request: ReadChangesRequest) => {
  read(request).then(
    ({ read, transfer }) => parentPort!.postMessage({ read } satisfies ReadChangesAnswer, transfer),
    (error: Error) => parentPort!.postMessage({ error: { message: error.message } } satisfies ReadChangesAnswer),
  );
});
