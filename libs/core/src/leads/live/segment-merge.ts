import type { LeadTable } from '../query/lead-table';
import { allRows, emptyRows, RowBitmap } from '../indexes/row-bitmap';
import { firstAtLeast } from '../indexes/sorted-search';
import { decodeContact } from './decode-rows';
import { companiesOf, LiveLeadTable, LivePart, supersede } from './live-lead-table';
import { SegmentsBuilder } from '../query/segments-builder';
import { SeqOrderWalk } from '../query/seq-order-walk';

/** Rows a merge builds between two waits for the caller: a few milliseconds of work. */
const PAUSE_EVERY_ROWS = 4_096;
/** A merged segment larger than this many times the segment size is cut into several. */
const LARGEST_SEGMENT_SHARE = 1.5;

/** The seqs a segment answers for in a merge, [from, to): from its first seq to the next segment's first, open at both ends. */
export interface SegmentRange {
  readonly from: number;
  readonly to: number;
}

/** One segment merged with the deltas' rows in its range, ready to take its place (see withSegmentMerged). */
export interface SegmentMerge {
  readonly replaced: LeadTable;
  readonly range: SegmentRange;
  /** Its replacement: one segment, several when the merge grew it past half again the segment size, or none. */
  readonly tables: LeadTable[];
  /** The deltas merged: every delta newer than these holds versions newer than `tables`. */
  readonly deltas: ReadonlySet<LeadTable>;
  /** Those whose current rows in the range moved into `tables`: the ones that had some there. */
  readonly moved: ReadonlySet<LeadTable>;
}

export function segmentRange(live: LiveLeadTable, index: number): SegmentRange {
  const { segments } = live;
  const first = (at: number) => (segments[at].table.size === 0 ? -Infinity : segments[at].table.seq[0]);
  return { from: index === 0 ? -Infinity : first(index), to: index === segments.length - 1 ? Infinity : first(index + 1) };
}

/** The table's rows whose seq is in the range: [first, end). */
function rowsIn(table: LeadTable, { from, to }: SegmentRange): [number, number] {
  return [firstAtLeast(table.seq, from), firstAtLeast(table.seq, to)];
}

/** The part's current rows in the range, as a bitmap. */
function currentRowsIn(part: LivePart, range: SegmentRange): { rows: RowBitmap; count: number } {
  const [first, end] = rowsIn(part.table, range);
  const rows = emptyRows(part.table.size);
  let count = 0;
  for (let row = first; row < end; row++) {
    if (part.live !== null && (part.live[row >>> 5] & (1 << (row & 31))) === 0) continue;
    rows[row >>> 5] |= 1 << (row & 31);
    count++;
  }
  return { rows, count };
}

/**
 * The first segment a merge of these deltas would rebuild, from `from` on: one with rows no longer
 * current, or with current rows of one of the deltas in its range; -1 when none is left.
 */
export function nextSegmentToMerge(live: LiveLeadTable, deltas: ReadonlySet<LeadTable>, from = 0): number {
  for (let index = from; index < live.segments.length; index++) {
    if (live.segments[index].live !== null) return index;
    const range = segmentRange(live, index);
    for (const delta of live.deltas) {
      if (!deltas.has(delta.table)) continue;
      const [first, end] = rowsIn(delta.table, range);
      if (first < end && (delta.live === null || hasRowBetween(delta.live, first, end))) return index;
    }
  }
  return -1;
}

function hasRowBetween(rows: RowBitmap, first: number, end: number): boolean {
  for (let row = first; row < end; row++) if ((rows[row >>> 5] & (1 << (row & 31))) !== 0) return true;
  return false;
}

/**
 * The replacement of segment `index`: its current rows and the current rows of `deltas` in its range,
 * in seq order, over the same company store, in segments of `segmentRows` when more than half again
 * that many. Holds the old segment and the one being built, never the rest of the table. `pause` is
 * awaited every few thousand rows, so a caller that serves requests meanwhile can let them run.
 */
export async function mergeSegment(
  live: LiveLeadTable,
  index: number,
  deltas: ReadonlySet<LeadTable>,
  segmentRows: number,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<SegmentMerge> {
  const segment = live.segments[index];
  const range = segmentRange(live, index);
  const parts = [segment, ...live.deltas.filter((delta) => deltas.has(delta.table))];
  const current = parts.map((part) =>
    part === segment ? { rows: part.live ?? allRows(part.table.size), count: part.liveCount } : currentRowsIn(part, range),
  );
  const contacts = current.reduce((sum, { count }) => sum + count, 0);
  const builder = new SegmentsBuilder(
    contacts > LARGEST_SEGMENT_SHARE * segmentRows ? segmentRows : contacts + 1,
    { contacts },
    companiesOf(live),
  );
  const walk = new SeqOrderWalk(
    parts.map((part) => part.table),
    current.map(({ rows }) => rows),
  );
  for (let built = 1; walk.next(); built++) {
    builder.addContact(decodeContact(parts[walk.part].table, walk.row));
    if (built % PAUSE_EVERY_ROWS === 0) await pause();
  }
  const tables = builder.build().filter((table) => table.size > 0);
  const moved = new Set(parts.filter((part, at) => part !== segment && current[at].count > 0).map((part) => part.table));
  return { replaced: segment.table, range, tables, deltas, moved };
}

/**
 * The live table with a finished merge in place, the same answers as before it: the new segments
 * instead of the old one, less the rows that deltas newer than the merge hold newer versions of; the
 * moved rows no longer current in the deltas they came from, a delta left with none current dropped. null when
 * the old segment or one of the merged deltas is gone (the table was loaded again whole, or deltas folded).
 */
export function withSegmentMerged(current: LiveLeadTable, merge: SegmentMerge): LiveLeadTable | null {
  const index = current.segments.findIndex((segment) => segment.table === merge.replaced);
  if (index === -1) return null;
  const present = current.deltas.filter((delta) => merge.moved.has(delta.table));
  if (present.length !== merge.moved.size) return null;
  const newerSeqs: number[] = [];
  for (const delta of current.deltas) {
    if (merge.deltas.has(delta.table)) continue;
    for (let row = 0; row < delta.table.size; row++) newerSeqs.push(delta.table.seq[row]);
  }
  newerSeqs.sort((left, right) => left - right);
  const replacement = merge.tables.map((table) => ({ table, ...supersede(table, null, table.size, newerSeqs) }));
  const segments = [...current.segments.slice(0, index), ...replacement, ...current.segments.slice(index + 1)];
  const deltas: LivePart[] = [];
  for (const delta of current.deltas) {
    const [first, end] = merge.moved.has(delta.table) ? rowsIn(delta.table, merge.range) : [0, 0];
    if (first === end) {
      if (delta.liveCount > 0) deltas.push(delta);
      continue;
    }
    const live = delta.live === null ? allRows(delta.table.size) : delta.live.slice();
    let moved = 0;
    for (let row = first; row < end; row++) {
      const bit = 1 << (row & 31);
      if ((live[row >>> 5] & bit) === 0) continue;
      live[row >>> 5] &= ~bit;
      moved++;
    }
    if (delta.liveCount - moved > 0) deltas.push({ table: delta.table, live, liveCount: delta.liveCount - moved });
  }
  return { segments: segments.length > 0 ? segments : [{ table: emptySegmentLike(merge), live: null, liveCount: 0 }], deltas };
}

/** The one segment of a table whose every row went: empty, over the same store. */
function emptySegmentLike(merge: SegmentMerge): LeadTable {
  return new SegmentsBuilder(1, {}, merge.replaced.companies).build()[0];
}
