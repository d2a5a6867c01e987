import { allRows, emptyRows, RowBitmap, wordsFor } from './row-bitmap';

/**
 * The rows holding each value of one column: a value held by at least 1/32 of the rows as a bitmap
 * (no bigger than a list of its rows would be), any other as its rows ascending. A filter's rows are
 * then the union of its values' rows, or everything less the union of the others', whichever is less
 * work, and never a pass over the whole column.
 */
export interface ValueRows {
  /** For each value, its bitmap's slot in `dense`, or -1 when its rows are listed. */
  readonly denseSlot: Int32Array;
  /** Bitmaps of the dense values, one after the other. */
  readonly dense: Int32Array;
  /** listStarts[value] is where the value's rows begin in `listed`; one more entry than values. */
  readonly listStarts: Uint32Array;
  readonly listed: Uint32Array;
}

/** Values held by fewer rows than this stay listed, so a small table exercises both kinds. */
const MIN_DENSE_ROWS = 64;

export function indexValueRows(column: ArrayLike<number>, values: number, rows: number): ValueRows {
  const counts = new Uint32Array(values);
  for (let row = 0; row < rows; row++) counts[column[row]]++;
  const denseSlot = new Int32Array(values).fill(-1);
  let denseValues = 0;
  for (let value = 0; value < values; value++) {
    if (counts[value] >= MIN_DENSE_ROWS && counts[value] * 32 >= rows) denseSlot[value] = denseValues++;
  }
  const words = wordsFor(rows);
  const dense = new Int32Array(denseValues * words);
  const listStarts = new Uint32Array(values + 1);
  for (let value = 0; value < values; value++) listStarts[value + 1] = listStarts[value] + (denseSlot[value] === -1 ? counts[value] : 0);
  const listed = new Uint32Array(listStarts[values]);
  const next = listStarts.slice(0, values);
  for (let row = 0; row < rows; row++) {
    const value = column[row];
    const slot = denseSlot[value];
    if (slot === -1) listed[next[value]++] = row;
    else dense[slot * words + (row >>> 5)] |= 1 << (row & 31);
  }
  return { denseSlot, dense, listStarts, listed };
}

/** The rows whose value passes (passes[value] === 1); null when every value passes. */
export function rowsWithValues(index: ValueRows, passes: Uint8Array, rows: number): RowBitmap | null {
  const { denseSlot, dense, listStarts, listed } = index;
  let passingListed = 0;
  let failingListed = 0;
  let failing = false;
  for (let value = 0; value < passes.length; value++) {
    const listedRows = listStarts[value + 1] - listStarts[value];
    if (passes[value] === 1) passingListed += listedRows;
    else {
      failingListed += listedRows;
      failing = true;
    }
  }
  if (!failing) return null;
  const union = passingListed <= failingListed;
  const result = union ? emptyRows(rows) : allRows(rows);
  const words = result.length;
  for (let value = 0; value < passes.length; value++) {
    if ((passes[value] === 1) !== union) continue;
    const slot = denseSlot[value];
    if (slot !== -1) {
      const offset = slot * words;
      if (union) for (let word = 0; word < words; word++) result[word] |= dense[offset + word];
      else for (let word = 0; word < words; word++) result[word] &= ~dense[offset + word];
      continue;
    }
    const end = listStarts[value + 1];
    if (union) for (let at = listStarts[value]; at < end; at++) result[listed[at] >>> 5] |= 1 << (listed[at] & 31);
    else for (let at = listStarts[value]; at < end; at++) result[listed[at] >>> 5] &= ~(1 << (listed[at] & 31));
  }
  return result;
}

/** The index's arrays, for handing it to another thread. */
export function valueRowsArrays(index: ValueRows): ArrayBufferView[] {
  return [index.denseSlot, index.dense, index.listStarts, index.listed];
}
