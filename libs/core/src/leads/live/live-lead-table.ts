import type { CompanyStore, LeadCompanyInput } from '../companies/company-store';
import type { LeadContactInput, LeadTable } from '../query/lead-table';
import { LeadTableBuilder } from '../query/lead-table';
import { allRows, RowBitmap } from '../indexes/row-bitmap';
import { firstAtLeast, indexInAscending } from '../indexes/sorted-search';
import { decodeContact } from './decode-rows';
import { SeqOrderWalk } from '../query/seq-order-walk';

/**
 * A contact as a change brings it: new (a seq the table lacks) or a newer version of one it holds.
 * Its company is given whole, with its database id: a company the store lacks is added to it. A
 * company's own changes are not deltas: a change brings a known company as the store holds it.
 */
export interface ChangedContact extends Omit<LeadContactInput, 'companyIndex'> {
  company: LeadCompanyInput & { id: number };
}

/** One table of a live table with its rows still current: all but those a later change holds a newer version of. */
export interface LivePart {
  readonly table: LeadTable;
  /** Its rows still current; null when all are. */
  readonly live: RowBitmap | null;
  readonly liveCount: number;
}

/** Contacts of one change, as a small table of their own over the same seqs and the same company store. */
export type LeadTableDelta = LivePart;

/**
 * The lead table as served between merges: the base read at one moment, as segments of ascending,
 * disjoint seq ranges, and the deltas of the changes since, oldest first, each row current in exactly
 * one table. Counts and browse answer over all as over one table of their current rows (see
 * countLiveLeads, scanLiveLeads), in the same seq order. A change costs what it holds; compactDeltas
 * folds the deltas into one, mergeLiveTable everything into one table. Every table shares one company
 * store.
 */
export interface LiveLeadTable {
  /** At least one, possibly empty. */
  readonly segments: readonly LivePart[];
  readonly deltas: readonly LeadTableDelta[];
}

/**
 * Changed contacts, as a share of the base, past which a base and deltas are worth replacing by a
 * table loaded whole (or, for deltas that grew there change by change, merged into the segments):
 * queries walk every delta, and the rows a delta supersedes stay masked in the segments until then.
 */
export const MOST_DELTA_SHARE = 0.05;
/** Below this many a delta is cheap whatever the base: a table of a few hundred contacts is not loaded whole for one change. */
const FEWEST_DELTA_CONTACTS_ALLOWED = 100;

/** How many changed contacts deltas over a base of `baseSize` may hold before the table is better loaded whole. */
export function mostDeltaContacts(baseSize: number): number {
  return Math.max(FEWEST_DELTA_CONTACTS_ALLOWED, MOST_DELTA_SHARE * baseSize);
}

/** A live table of these segments, in seq order over one company store, with no changes yet. */
export function liveTable(segments: LeadTable | readonly LeadTable[]): LiveLeadTable {
  const tables = Array.isArray(segments) ? (segments as readonly LeadTable[]) : [segments as LeadTable];
  if (tables.length === 0) throw new RangeError('a live table has at least one segment');
  for (let index = 1; index < tables.length; index++) {
    const [before, after] = [tables[index - 1], tables[index]];
    if (after.companies !== before.companies) throw new RangeError('the segments of a live table share one company store');
    if (before.size > 0 && after.size > 0 && after.seq[0] <= before.seq[before.size - 1])
      throw new RangeError(`segment ${index} starts at seq ${after.seq[0]}, not after the one before it`);
  }
  return { segments: tables.map((table) => ({ table, live: null, liveCount: table.size })), deltas: [] };
}

/** The store of every table of the live table. */
export function companiesOf(live: LiveLeadTable): CompanyStore {
  return live.segments[0].table.companies;
}

/** Rows of the segments, current or not: what the deltas are measured against. */
export function baseSize(live: LiveLeadTable): number {
  return live.segments.reduce((sum, segment) => sum + segment.table.size, 0);
}

/** Contacts in the live table: the current rows of every segment and every delta. */
export function liveSize(live: LiveLeadTable): number {
  return live.segments.reduce((sum, segment) => sum + segment.liveCount, 0) + deltaSize(live);
}

/** Whether the live table is one table with every row current, which queries answer directly. */
export function singleTable(live: LiveLeadTable): LeadTable | null {
  const [segment] = live.segments;
  return live.segments.length === 1 && live.deltas.length === 0 && segment.live === null ? segment.table : null;
}

/** Contacts the deltas hold: the changes since the base was loaded. */
export function deltaSize(live: LiveLeadTable): number {
  return live.deltas.reduce((sum, delta) => sum + delta.liveCount, 0);
}

/**
 * The live table with these changes as a new delta (the last version of a seq among them wins), their
 * older versions no longer current wherever they were. Costs the changes and the bitmaps they touch.
 */
export function withChanges(live: LiveLeadTable, changes: readonly ChangedContact[]): LiveLeadTable {
  const bySeq = new Map<number, ChangedContact>();
  for (const change of changes) bySeq.set(change.seq, change);
  const delta = new DeltaBuilder(companiesOf(live), bySeq.size);
  for (const contact of [...bySeq.values()].sort((left, right) => left.seq - right.seq)) delta.add(contact);
  return delta.appendTo(live);
}

/**
 * The delta of one change, built from its contacts as they come, in ascending seq order and each
 * once (as PostgreSQL reads them), so the change is never held whole as objects; then appended to a
 * live table, its contacts' older versions no longer current wherever they were.
 */
export class DeltaBuilder {
  private readonly builder: LeadTableBuilder;
  private readonly seqs: number[] = [];

  /** `companies`: the store of the live table the delta is for. */
  constructor(
    private readonly companies: CompanyStore,
    expectedContacts = 0,
  ) {
    this.builder = new LeadTableBuilder({ contacts: expectedContacts }, companies);
  }

  get size(): number {
    return this.seqs.length;
  }

  add({ company, ...contact }: ChangedContact): void {
    let key = this.companies.keyOf(company.id);
    if (key === -1) key = this.companies.add(company);
    this.addKeyed({ ...contact, companyIndex: key });
  }

  /** A contact whose company the store holds, under that key. */
  addKeyed(contact: LeadContactInput): void {
    const last = this.seqs.length === 0 ? -Infinity : this.seqs[this.seqs.length - 1];
    if (contact.seq <= last)
      throw new RangeError(`delta contacts must come in ascending seq order, each once: ${contact.seq} after ${last}`);
    this.builder.addContact(contact);
    this.seqs.push(contact.seq);
  }

  build(): LeadTableDelta {
    return { table: this.builder.build(), live: null, liveCount: this.seqs.length };
  }

  /** The live table with this delta after its others; the same table when the delta is empty. */
  appendTo(live: LiveLeadTable): LiveLeadTable {
    return appendDelta(live, this.build().table);
  }
}

/**
 * The live table with `delta` (a table over its company store, of ascending seqs each once) after its
 * other deltas, its contacts' older versions no longer current wherever they were; the same table
 * when the delta is empty.
 */
export function appendDelta(live: LiveLeadTable, delta: LeadTable): LiveLeadTable {
  if (delta.size === 0) return live;
  if (delta.companies !== companiesOf(live)) throw new RangeError('a delta shares the company store of its live table');
  const superseded = (part: LivePart) => {
    const kept = supersede(part.table, part.live, part.liveCount, delta.seq);
    return kept.live === part.live ? part : { ...part, ...kept };
  };
  return {
    segments: live.segments.map(superseded),
    deltas: [...live.deltas.map(superseded), { table: delta, live: null, liveCount: delta.size }],
  };
}

/**
 * The deltas from index `from` on folded into one of their current rows: fewer tables for every query
 * to walk, at the cost of the rows folded.
 */
export function compactDeltas(live: LiveLeadTable, from = 0): LiveLeadTable {
  const folded = live.deltas.slice(from);
  if (folded.length <= 1) return live;
  const delta = new DeltaBuilder(
    companiesOf(live),
    folded.reduce((sum, { liveCount }) => sum + liveCount, 0),
  );
  const walk = new SeqOrderWalk(
    folded.map((delta) => delta.table),
    folded.map((delta) => delta.live ?? allRows(delta.table.size)),
  );
  while (walk.next()) delta.addKeyed(decodeContact(folded[walk.part].table, walk.row));
  return { ...live, deltas: [...live.deltas.slice(0, from), delta.build()] };
}

/**
 * Where to fold once a live table holds more than `most` deltas: from the oldest delta no more than
 * twice as large as all the newer ones together. Deltas then grow roughly geometrically from newest to
 * oldest, so a row is folded about log(deltas) times, not once per change.
 */
export function deltasToFold(live: LiveLeadTable, most: number): number | null {
  const { deltas } = live;
  if (deltas.length <= most) return null;
  let from = deltas.length - 1;
  let newer = deltas[from].liveCount;
  while (from > 0 && deltas[from - 1].liveCount <= 2 * newer) newer += deltas[--from].liveCount;
  return Math.min(from, deltas.length - 2);
}

/** The table's current rows less those holding one of `seqs` (ascending); the same bitmap when none does. */
export function supersede(
  table: LeadTable,
  live: RowBitmap | null,
  liveCount: number,
  seqs: ArrayLike<number>,
): { live: RowBitmap | null; liveCount: number } {
  let result = live;
  let count = liveCount;
  if (table.size === 0) return { live, liveCount };
  const last = table.seq[table.size - 1];
  for (let at = firstAtLeast(seqs, table.seq[0]); at < seqs.length && seqs[at] <= last; at++) {
    const seq = seqs[at];
    const row = indexInAscending(table.seq, seq);
    if (row === -1) continue;
    const bit = 1 << (row & 31);
    if (result !== null && (result[row >>> 5] & bit) === 0) continue;
    if (result === live) result = live === null ? allRows(table.size) : live.slice();
    result![row >>> 5] &= ~bit;
    count--;
  }
  return { live: result, liveCount: count };
}
