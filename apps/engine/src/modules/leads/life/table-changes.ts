import {
  adoptDelta,
  appendDelta,
  baseSize,
  companiesOf,
  compactDeltas,
  deltasToFold,
  fromTransferable,
  LeadTable,
  LiveLeadTable,
} from '@lead-engine/core';
import { datasetOf, versionNumber } from '../lead-data-version';
import type { LeadChangesReader, ReadChanges } from '../threads/lead-changes-reader';
import type { ServedTable } from './lead-table-state';

/** Past this many deltas the newest are folded together (see deltasToFold). */
const MOST_DELTAS = 8;

/** The changes since a served table's version, read by the changes thread. */
export function readChangesFor(reader: LeadChangesReader, served: ServedTable): Promise<ReadChanges> {
  return reader.read({
    sinceVersion: versionNumber(served.dataVersion),
    loaded: { dataset: datasetOf(served.dataVersion), reloadVersion: served.reloadVersion },
    baseSize: baseSize(served.live),
  });
}

/** Changes read for a table, ready to join it: the version they bring it to and their delta over its company store. */
export interface TableChanges {
  dataVersion: string;
  /** Null when no contact changed. */
  delta: LeadTable | null;
}

/** The delta read by the changes thread, its companies taken into the store of the table it joins. */
export function adoptChanges(read: ReadChanges, live: LiveLeadTable): TableChanges {
  return {
    dataVersion: read.dataVersion,
    delta: read.delta === null ? null : adoptDelta(fromTransferable(read.delta)[0], companiesOf(live)),
  };
}

/**
 * The table with the delta after its others, the newest deltas folded past MOST_DELTAS unless a merge
 * is taking them (`foldDeltas` false).
 */
export function withChanges(served: ServedTable, { dataVersion, delta }: TableChanges, foldDeltas: boolean): ServedTable {
  if (delta === null) return { ...served, dataVersion };
  let live = appendDelta(served.live, delta);
  const foldFrom = foldDeltas ? deltasToFold(live, MOST_DELTAS) : null;
  if (foldFrom !== null) live = compactDeltas(live, foldFrom);
  return { ...served, live, dataVersion };
}
