import type { LeadTable } from '../query/lead-table';
import { indexInAscending } from '../query/sorted-search';
import { RevealedRows } from '../reveals/revealed-rows';

/** What a Set holds per entry, roughly: enough to keep the cache's budget honest. */
const BYTES_PER_OUTSIDE_SEQ = 48;

/**
 * An account's revealed contacts over the tables of a live lead table. Reveals are by seq, whatever
 * version of the contact is current: the base keeps its rows, the seqs the base lacks (contacts
 * imported since) are kept aside, and each delta's rows are found from those two, so a new delta
 * costs its own rows, never the account's history.
 */
export class LiveRevealedRows {
  readonly baseRows: RevealedRows;
  /**
   * The base's seq column, all that is kept of it: an account's rows left in a cache after the table
   * was loaded again whole must not hold the whole old table in memory until the account comes back.
   */
  private readonly baseSeq: LeadTable['seq'];
  private readonly outsideBase = new Set<number>();
  private readonly deltaRows = new Map<LeadTable, RevealedRows>();

  constructor(base: LeadTable) {
    this.baseSeq = base.seq;
    this.baseRows = new RevealedRows(base.size);
  }

  /** Whether these are the rows of this base (a table loaded again whole is another). */
  isOver(base: LeadTable): boolean {
    return base.seq === this.baseSeq;
  }

  add(seqs: Iterable<number>): void {
    for (const seq of seqs) {
      const row = indexInAscending(this.baseSeq, seq);
      if (row === -1) this.outsideBase.add(seq);
      else this.baseRows.add(row);
      for (const [table, rows] of this.deltaRows) {
        const deltaRow = indexInAscending(table.seq, seq);
        if (deltaRow !== -1) rows.add(deltaRow);
      }
    }
  }

  /** The revealed rows of the base or of a delta over it. */
  of(table: LeadTable): RevealedRows {
    if (this.isOver(table)) return this.baseRows;
    let rows = this.deltaRows.get(table);
    if (rows === undefined) {
      rows = new RevealedRows(table.size);
      for (let row = 0; row < table.size; row++) if (this.holds(table.seq[row])) rows.add(row);
      this.deltaRows.set(table, rows);
    }
    return rows;
  }

  /**
   * The same reveals over another base (the table loaded again whole), found by walking both bases
   * in seq order rather than read again: an account's history costs one pass, not one query.
   */
  rebasedOnto(base: LeadTable): LiveRevealedRows {
    const next = new LiveRevealedRows(base);
    let row = 0;
    for (const oldRow of this.baseRows) {
      const seq = this.baseSeq[oldRow];
      while (row < base.size && base.seq[row] < seq) row++;
      // A seq the newer base lacks was removed: seqs are never given out again.
      if (row < base.size && base.seq[row] === seq) next.baseRows.add(row);
    }
    next.add([...this.outsideBase].sort((left, right) => left - right));
    return next;
  }

  /** Keeps the rows of exactly these deltas (those of a live table), finding the new ones' now. */
  keepDeltas(tables: readonly LeadTable[]): void {
    const wanted = new Set(tables);
    for (const table of this.deltaRows.keys()) if (!wanted.has(table)) this.deltaRows.delete(table);
    for (const table of tables) this.of(table);
  }

  get byteSize(): number {
    let bytes = this.baseRows.byteSize + this.outsideBase.size * BYTES_PER_OUTSIDE_SEQ;
    for (const rows of this.deltaRows.values()) bytes += rows.byteSize;
    return bytes;
  }

  private holds(seq: number): boolean {
    if (this.outsideBase.has(seq)) return true;
    const row = indexInAscending(this.baseSeq, seq);
    return row !== -1 && this.baseRows.has(row);
  }
}
