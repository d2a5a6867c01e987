import type { LeadCompanyInput, LeadContactInput, LeadTable } from '../query/lead-table';
import { LeadTableBuilder } from '../query/lead-table';
import { allRows, RowBitmap } from '../query/row-bitmap';
import { indexInAscending } from '../query/sorted-search';
import { decodeCompany, decodeContact } from './decode-rows';

/**
 * A contact as a change brings it: new (a seq the table lacks) or a newer version of one it holds.
 * Its company is given whole, with the company's key: its index in the base table when the base
 * knows the company, else a number from base.companyCount up that the caller keeps for it. A company's
 * own changes are not deltas: a change brings a known company as the base holds it.
 */
export interface ChangedContact extends Omit<LeadContactInput, 'companyIndex'> {
  company: LeadCompanyInput;
  companyKey: number;
}

/** The contacts changed since the base was built, as a small table of their own over the same seqs. */
export interface LeadTableDelta {
  readonly table: LeadTable;
  /** Each of the delta table's companies' key (see ChangedContact). */
  readonly companyKeys: Uint32Array;
  /** Base rows still current: all but those whose contact the delta holds a newer version of. */
  readonly baseLive: RowBitmap;
  readonly supersededCount: number;
}

/**
 * The lead table as served between merges: the base read at one moment and the delta of every contact
 * changed since. Counts and browse answer over both as over one table of their union (see
 * countLiveLeads, scanLiveLeads), in the same seq order, and mergeLiveTable folds the delta in.
 */
export interface LiveLeadTable {
  readonly base: LeadTable;
  readonly delta: LeadTableDelta | null;
}

export function liveTable(base: LeadTable): LiveLeadTable {
  return { base, delta: null };
}

/** Contacts in the live table: the base's, less those superseded, plus the delta's. */
export function liveSize({ base, delta }: LiveLeadTable): number {
  return delta === null ? base.size : base.size - delta.supersededCount + delta.table.size;
}

/**
 * The live table with these changes applied: the delta is built again from its own rows and the
 * changes (the later version of a seq wins), which costs what the delta holds, never the base.
 */
export function withChanges(live: LiveLeadTable, changes: readonly ChangedContact[]): LiveLeadTable {
  if (changes.length === 0) return live;
  const bySeq = new Map<number, ChangedContact>();
  if (live.delta !== null) for (const contact of deltaContacts(live.delta)) bySeq.set(contact.seq, contact);
  for (const change of changes) bySeq.set(change.seq, change);
  const contacts = [...bySeq.values()].sort((left, right) => left.seq - right.seq);
  return { base: live.base, delta: buildDelta(live.base, contacts) };
}

function* deltaContacts(delta: LeadTableDelta): Iterable<ChangedContact> {
  const { table, companyKeys } = delta;
  for (let row = 0; row < table.size; row++) {
    const { companyIndex, ...contact } = decodeContact(table, row);
    yield { ...contact, company: decodeCompany(table, companyIndex), companyKey: companyKeys[companyIndex] };
  }
}

function buildDelta(base: LeadTable, contacts: readonly ChangedContact[]): LeadTableDelta {
  const builder = new LeadTableBuilder({ contacts: contacts.length });
  const companyIndexes = new Map<number, number>();
  const companyKeys: number[] = [];
  const baseLive = allRows(base.size);
  let supersededCount = 0;
  for (const { company, companyKey, ...contact } of contacts) {
    let companyIndex = companyIndexes.get(companyKey);
    if (companyIndex === undefined) {
      companyIndex = builder.addCompany(company);
      companyIndexes.set(companyKey, companyIndex);
      companyKeys.push(companyKey);
    }
    builder.addContact({ ...contact, companyIndex });
    const row = indexInAscending(base.seq, contact.seq);
    if (row !== -1) {
      baseLive[row >>> 5] &= ~(1 << (row & 31));
      supersededCount++;
    }
  }
  return { table: builder.build(), companyKeys: Uint32Array.from(companyKeys), baseLive, supersededCount };
}
