import type { LeadTable } from '../query/lead-table';
import { bitCount, RowBitmap } from '../query/row-bitmap';

/**
 * The set rows of several tables' bitmaps in one ascending seq order, as if the tables were one:
 * `next` steps to the following row (its part and row), `skip` passes over rows, a whole word of
 * one table at a time while no other table has a row inside it.
 */
export class SeqOrderWalk {
  part = -1;
  row = -1;
  private readonly words: Int32Array;
  private readonly bits: Int32Array;

  constructor(
    private readonly tables: readonly LeadTable[],
    private readonly rows: readonly RowBitmap[],
  ) {
    this.words = new Int32Array(tables.length).fill(-1);
    this.bits = new Int32Array(tables.length);
    for (let part = 0; part < tables.length; part++) this.advance(part);
  }

  next(): boolean {
    const part = this.smallest(-1);
    if (part === -1) return false;
    const bits = this.bits[part];
    const lowest = bits & -bits;
    this.part = part;
    this.row = (this.words[part] << 5) + (31 - Math.clz32(lowest));
    this.bits[part] = bits ^ lowest;
    if (this.bits[part] === 0) this.advance(part);
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
