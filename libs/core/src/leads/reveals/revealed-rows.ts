import { bitCount, emptyRows, RowBitmap, wordsFor } from '../indexes/row-bitmap';

/**
 * The rows of one lead table that an account has revealed or exported: a sorted list of rows while that
 * is the smaller form (most accounts reveal few leads), a bitmap over the table once it is not. Built once
 * from the account's reveals and then extended with newer ones, it costs what the page costs, not what
 * the account's history costs.
 */
export class RevealedRows {
  private sorted: Uint32Array | null = new Uint32Array(16);
  private bitmap: RowBitmap | null = null;
  private count = 0;

  constructor(readonly tableRows: number) {}

  get size(): number {
    return this.count;
  }

  /** Memory held, in bytes. */
  get byteSize(): number {
    return (this.sorted ?? this.bitmap!).byteLength;
  }

  has(row: number): boolean {
    if (this.bitmap) return (this.bitmap[row >>> 5] & (1 << (row & 31))) !== 0;
    return this.position(row) < 0;
  }

  /** Adds a row (a reveal newer than the set); adding one already there changes nothing. */
  add(row: number): void {
    if (row < 0 || row >= this.tableRows) throw new RangeError(`row ${row} is outside a table of ${this.tableRows} rows`);
    if (this.bitmap) return this.setBit(row);
    const at = this.position(row);
    if (at < 0) return;
    if (this.count === this.sorted!.length) this.growOrSwitch();
    if (this.bitmap) return this.setBit(row);
    const sorted = this.sorted!;
    sorted.copyWithin(at + 1, at, this.count);
    sorted[at] = row;
    this.count++;
  }

  /** The rows in ascending order, which is browse (seq) order. */
  *[Symbol.iterator](): IterableIterator<number> {
    if (this.sorted) {
      for (let index = 0; index < this.count; index++) yield this.sorted[index];
      return;
    }
    const bitmap = this.bitmap!;
    for (let word = 0; word < bitmap.length; word++) {
      for (let bits = bitmap[word]; bits !== 0; ) {
        const lowest = bits & -bits;
        bits ^= lowest;
        yield (word << 5) + (31 - Math.clz32(lowest));
      }
    }
  }

  /** Clears these rows from `matches`; how many of them were set there. */
  clearFrom(matches: RowBitmap): number {
    let cleared = 0;
    if (this.bitmap) {
      const bitmap = this.bitmap;
      for (let word = 0; word < bitmap.length; word++) {
        const both = matches[word] & bitmap[word];
        if (both === 0) continue;
        matches[word] ^= both;
        cleared += bitCount(both);
      }
      return cleared;
    }
    const sorted = this.sorted!;
    for (let index = 0; index < this.count; index++) {
      const row = sorted[index];
      const bit = 1 << (row & 31);
      if ((matches[row >>> 5] & bit) === 0) continue;
      matches[row >>> 5] &= ~bit;
      cleared++;
    }
    return cleared;
  }

  /** Where `row` is (as -1 - index) or would go (as index) in the sorted list. */
  private position(row: number): number {
    const sorted = this.sorted!;
    if (this.count > 0 && sorted[this.count - 1] < row) return this.count;
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle] < row) low = middle + 1;
      else high = middle;
    }
    return low < this.count && sorted[low] === row ? -1 - low : low;
  }

  /** A full list doubles, unless the bitmap would be no larger: then the rows move into one. */
  private growOrSwitch(): void {
    const sorted = this.sorted!;
    if (sorted.length * 2 >= wordsFor(this.tableRows)) {
      this.bitmap = emptyRows(this.tableRows);
      for (let index = 0; index < this.count; index++) this.bitmap[sorted[index] >>> 5] |= 1 << (sorted[index] & 31);
      this.sorted = null;
      return;
    }
    const grown = new Uint32Array(sorted.length * 2);
    grown.set(sorted);
    this.sorted = grown;
  }

  private setBit(row: number): void {
    const bit = 1 << (row & 31);
    if (this.bitmap![row >>> 5] & bit) return;
    this.bitmap![row >>> 5] |= bit;
    this.count++;
  }
}
