/**
 * A set of table rows as bits, 32 rows a word: row r is bit (r & 31) of word (r >>> 5). Bits past the
 * table's last row are always 0, so a popcount over the words is a count of rows.
 */
export type RowBitmap = Int32Array;

export const wordsFor = (rows: number): number => (rows + 31) >>> 5;

export function emptyRows(rows: number): RowBitmap {
  return new Int32Array(wordsFor(rows));
}

export function allRows(rows: number): RowBitmap {
  const bitmap = new Int32Array(wordsFor(rows)).fill(-1);
  if (rows & 31) bitmap[bitmap.length - 1] = (1 << (rows & 31)) - 1;
  return bitmap;
}

export function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Rows in every one of the bitmaps (a null one holds every row); one pass, nothing allocated. */
export function countInAll(bitmaps: ReadonlyArray<RowBitmap | null>, rows: number): number {
  const present = bitmaps.filter((bitmap): bitmap is RowBitmap => bitmap !== null);
  if (present.length === 0) return rows;
  const [first, second, third] = present;
  let count = 0;
  const words = first.length;
  if (present.length === 1) for (let word = 0; word < words; word++) count += bitCount(first[word]);
  else if (present.length === 2) for (let word = 0; word < words; word++) count += bitCount(first[word] & second[word]);
  else if (present.length === 3) for (let word = 0; word < words; word++) count += bitCount(first[word] & second[word] & third[word]);
  else {
    for (let word = 0; word < words; word++) {
      let bits = first[word];
      for (let index = 1; index < present.length && bits !== 0; index++) bits &= present[index][word];
      count += bitCount(bits);
    }
  }
  return count;
}

/** A new bitmap of the rows in every one of the bitmaps (a null one holds every row). */
export function rowsInAll(bitmaps: ReadonlyArray<RowBitmap | null>, rows: number): RowBitmap {
  const present = bitmaps.filter((bitmap): bitmap is RowBitmap => bitmap !== null);
  if (present.length === 0) return allRows(rows);
  const result = present[0].slice();
  for (let index = 1; index < present.length; index++) {
    const other = present[index];
    for (let word = 0; word < result.length; word++) result[word] &= other[word];
  }
  return result;
}

/** The row of the `rank`-th set bit (0-based) at or after word `fromWord`, skipping whole words by their counts; -1 past the last. */
export function nthSetRow(bitmap: RowBitmap, rank: number, fromWord = 0): number {
  let left = rank;
  for (let word = fromWord; word < bitmap.length; word++) {
    let bits = bitmap[word];
    const count = bitCount(bits);
    if (left >= count) {
      left -= count;
      continue;
    }
    for (; left > 0; left--) bits &= bits - 1;
    return (word << 5) + (31 - Math.clz32(bits & -bits));
  }
  return -1;
}
