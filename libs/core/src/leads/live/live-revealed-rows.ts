import type { LeadTable } from '../query/lead-table';
import { indexInAscending } from '../indexes/sorted-search';
import { RevealedRows } from '../reveals/revealed-rows';

/** What a Set holds per entry, roughly: enough to keep the cache's budget honest. */
const BYTES_PER_OUTSIDE_SEQ = 48;

/**
 * An account's revealed rows in one segment. Only the segment's seq column is kept of it: an account's
 * rows left in a cache after the table changed must not hold old segments in memory until the account
 * comes back.
 */
interface SegmentRows {
  readonly seq: LeadTable['seq'];
  readonly rows: RevealedRows;
}

/**
 * An account's revealed contacts over the tables of a live lead table. Reveals are by seq, whatever
 * version of the contact is current: each segment keeps its rows, the seqs no segment holds (contacts
 * imported since) are kept aside, and each delta's rows are found from those, so a new delta costs its
 * own rows, never the account's history.
 */
export class LiveRevealedRows {
  private readonly segments: SegmentRows[];
  private readonly outsideSegments = new Set<number>();
  private readonly deltaRows = new Map<LeadTable, RevealedRows>();

  constructor(segments: readonly LeadTable[]) {
    this.segments = segments.map((table) => ({ seq: table.seq, rows: new RevealedRows(table.size) }));
  }

  /** Whether these are the rows of exactly these segments (a merged or reloaded segment is another). */
  isOver(segments: readonly LeadTable[]): boolean {
    return segments.length === this.segments.length && segments.every((table, index) => table.seq === this.segments[index].seq);
  }

  add(seqs: Iterable<number>): void {
    for (const seq of seqs) {
      const found = this.segmentRowOf(seq);
      if (found === null) this.outsideSegments.add(seq);
      else found.segment.rows.add(found.row);
      for (const [table, rows] of this.deltaRows) {
        const deltaRow = indexInAscending(table.seq, seq);
        if (deltaRow !== -1) rows.add(deltaRow);
      }
    }
  }

  /** The revealed rows of a segment or of a delta over them. */
  of(table: LeadTable): RevealedRows {
    const segment = this.segments.find((candidate) => candidate.seq === table.seq);
    if (segment !== undefined) return segment.rows;
    let rows = this.deltaRows.get(table);
    if (rows === undefined) {
      rows = new RevealedRows(table.size);
      for (let row = 0; row < table.size; row++) if (this.holds(table.seq[row])) rows.add(row);
      this.deltaRows.set(table, rows);
    }
    return rows;
  }

  /**
   * The same reveals over other segments (some merged, or all loaded again whole). A segment both
   * share keeps its rows as they are; the reveals of the others are walked in seq order into the new
   * ones rather than read again: a merge costs the reveals of the merged segments, not the account's
   * whole history.
   */
  rebasedOnto(segments: readonly LeadTable[]): LiveRevealedRows {
    const kept = new Map(this.segments.map((segment) => [segment.seq, segment]));
    const next = new LiveRevealedRows([]);
    const fresh: SegmentRows[] = [];
    for (const table of segments) {
      const same = kept.get(table.seq);
      kept.delete(table.seq);
      const segment = same ?? { seq: table.seq, rows: new RevealedRows(table.size) };
      next.segments.push(segment);
      if (same === undefined) fresh.push(segment);
    }
    const moving: number[] = [...this.outsideSegments];
    for (const { seq, rows } of kept.values()) for (const row of rows) moving.push(seq[row]);
    moving.sort((left, right) => left - right);
    // A seq no new segment holds was removed, or is held by a delta: seqs are never given out again.
    for (const seq of moving) {
      const found = next.segmentRowOf(seq);
      if (found !== null && fresh.includes(found.segment)) found.segment.rows.add(found.row);
      else if (found === null) next.outsideSegments.add(seq);
    }
    return next;
  }

  /** Keeps the rows of exactly these deltas (those of a live table), finding the new ones' now. */
  keepDeltas(tables: readonly LeadTable[]): void {
    const wanted = new Set(tables);
    for (const table of this.deltaRows.keys()) if (!wanted.has(table)) this.deltaRows.delete(table);
    for (const table of tables) this.of(table);
  }

  get byteSize(): number {
    let bytes = this.outsideSegments.size * BYTES_PER_OUTSIDE_SEQ;
    for (const { rows } of this.segments) bytes += rows.byteSize;
    for (const rows of this.deltaRows.values()) bytes += rows.byteSize;
    return bytes;
  }

  private holds(seq: number): boolean {
    if (this.outsideSegments.has(seq)) return true;
    const found = this.segmentRowOf(seq);
    return found !== null && found.segment.rows.has(found.row);
  }

  /** The segment holding `seq` and its row there; segments hold disjoint, ascending seq ranges. */
  private segmentRowOf(seq: number): { segment: SegmentRows; row: number } | null {
    let low = 0;
    let high = this.segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      const { seq: column } = this.segments[middle];
      if (column.length > 0 && column[0] <= seq) low = middle;
      else high = middle - 1;
    }
    const segment = this.segments[low];
    if (segment === undefined) return null;
    const row = indexInAscending(segment.seq, seq);
    return row === -1 ? null : { segment, row };
  }
}
