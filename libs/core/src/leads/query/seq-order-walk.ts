import type { LeadTable } from './lead-table';
import { bitCount, RowBitmap } from '../indexes/row-bitmap';
import { firstAtLeast } from '../indexes/sorted-search';

/**
 * The set rows of several tables' bitmaps in one ascending seq order, as if the tables were one:
 * `next` steps to the following row (its part and row), `skip` passes over rows, a whole word of
 * one table at a time while no other table has a row inside it.
 */
export class SeqOrderWalk {
  part = -1;
  row = -1;
  runFrom = 0;
  runTo = 0;
  private readonly words: Int32Array;
  private readonly bits: Int32Array;
  /**
   * The part the last row came from, and the smallest next seq of every other part: while the
   * leader's next row is below it, the next row is the leader's without looking at the others. Most
   * rows come in long runs of the base, so a step costs one comparison, not one per part.
   */
  private leader = -1;
  private bound = Infinity;
  private wholeRun = false;

  constructor(
    private readonly tables: readonly LeadTable[],
    private readonly rows: readonly RowBitmap[],
  ) {
    this.words = new Int32Array(tables.length).fill(-1);
    this.bits = new Int32Array(tables.length);
    for (let part = 0; part < tables.length; part++) this.advance(part);
  }

  next(): boolean {
    let part = this.leader;
    if (part === -1 || this.bits[part] === 0 || this.headSeq(part) > this.bound) {
      part = this.smallest(-1);
      if (part === -1) return false;
      const other = this.smallest(part);
      this.leader = part;
      this.bound = other === -1 ? Infinity : this.headSeq(other);
    }
    const bits = this.bits[part];
    const lowest = bits & -bits;
    this.part = part;
    this.row = (this.words[part] << 5) + (31 - Math.clz32(lowest));
    this.bits[part] = bits ^ lowest;
    if (this.bits[part] === 0) this.advance(part);
    return true;
  }

  /**
   * Steps over the longest run of one part's rows that comes before any other part's next row: its
   * part and rows [runFrom, runTo) of that table (only the set ones are walked). The base's rows come
   * in long runs between the deltas' few, which a caller then reads a word at a time. A single
   * table is one run, rows [0, size), set rows or none, so that it is read as a table alone is.
   */
  nextRun(): boolean {
    if (this.tables.length === 1) {
      if (this.wholeRun) return false;
      this.wholeRun = true;
      this.part = 0;
      this.runFrom = 0;
      this.runTo = this.tables[0].size;
      this.moveTo(0, this.runTo);
      return true;
    }
    const part = this.smallest(-1);
    if (part === -1) return false;
    const other = this.smallest(part);
    const { seq, size } = this.tables[part];
    const bits = this.bits[part];
    this.part = part;
    this.runFrom = (this.words[part] << 5) + (31 - Math.clz32(bits & -bits));
    this.runTo = other === -1 ? size : firstAtLeast(seq, this.headSeq(other), this.runFrom + 1);
    this.moveTo(part, this.runTo);
    this.leader = -1;
    return true;
  }

  /** Passes over `count` rows; how many there were. */
  skip(count: number): number {
    let skipped = 0;
    while (skipped < count) {
      const part = this.smallest(-1);
      if (part === -1) break;
      const bits = this.bits[part];
      const inWord = bitCount(bits);
      const lastRow = (this.words[part] << 5) + (31 - Math.clz32(bits));
      const other = this.smallest(part);
      if (inWord <= count - skipped && (other === -1 || this.tables[part].seq[lastRow] < this.headSeq(other))) {
        skipped += inWord;
        this.bits[part] = 0;
        this.advance(part);
        this.leader = -1;
        continue;
      }
      this.next();
      skipped++;
    }
    return skipped;
  }

  /** Rows of every table before where the walk stands, to the word. */
  rowsPassed(): number {
    let passed = 0;
    for (let part = 0; part < this.tables.length; part++) passed += Math.min(this.tables[part].size, this.words[part] << 5);
    return passed;
  }

  private headSeq(part: number): number {
    const bits = this.bits[part];
    return this.tables[part].seq[(this.words[part] << 5) + (31 - Math.clz32(bits & -bits))];
  }

  /** The part whose next row has the smallest seq, `except` aside; -1 when every part is done. */
  private smallest(except: number): number {
    let best = -1;
    let bestSeq = Infinity;
    for (let part = 0; part < this.tables.length; part++) {
      if (part === except || this.bits[part] === 0) continue;
      const seq = this.headSeq(part);
      if (seq < bestSeq) {
        best = part;
        bestSeq = seq;
      }
    }
    return best;
  }

  /** Puts the part's cursor on its first set row at or after `row`. */
  private moveTo(part: number, row: number): void {
    const rows = this.rows[part];
    const word = row >>> 5;
    if (word >= rows.length) {
      this.words[part] = rows.length;
      this.bits[part] = 0;
      return;
    }
    this.words[part] = word;
    this.bits[part] = rows[word] & (-1 << (row & 31));
    if (this.bits[part] === 0) this.advance(part);
  }

  private advance(part: number): void {
    const rows = this.rows[part];
    let word = this.words[part];
    while (++word < rows.length) {
      if (rows[word] !== 0) {
        this.words[part] = word;
        this.bits[part] = rows[word];
        return;
      }
    }
    this.words[part] = rows.length;
    this.bits[part] = 0;
  }
}
