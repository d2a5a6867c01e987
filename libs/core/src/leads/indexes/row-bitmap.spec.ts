import { allRows, bitCount, countInAll, emptyRows, nthSetRow, rowsInAll } from './row-bitmap';
import { indexValueRows, rowsWithValues } from './value-rows';

function bitmapOf(rows: number, members: number[]): Int32Array {
  const bitmap = emptyRows(rows);
  for (const row of members) bitmap[row >>> 5] |= 1 << (row & 31);
  return bitmap;
}

function membersOf(bitmap: Int32Array): number[] {
  const members: number[] = [];
  for (let row = 0; row < bitmap.length * 32; row++) if (bitmap[row >>> 5] & (1 << (row & 31))) members.push(row);
  return members;
}

describe('row bitmaps', () => {
  it('counts bits of any word, the sign bit included', () => {
    for (const word of [0, 1, -1, 0x80000000 | 0, 0x55555555, 0x7fffffff, 12345]) {
      expect(bitCount(word)).toBe((word >>> 0).toString(2).replace(/0/g, '').length);
    }
  });

  it('holds every row and none past the last', () => {
    for (const rows of [0, 1, 31, 32, 33, 100]) {
      expect(membersOf(allRows(rows))).toEqual(Array.from({ length: rows }, (_, row) => row));
      expect(countInAll([null], rows)).toBe(rows);
    }
  });

  it('counts and intersects any number of bitmaps, a null one holding every row', () => {
    const rows = 200;
    const sets = [2, 3, 5, 7, 11].map((step) => Array.from({ length: rows }, (_, row) => row).filter((row) => row % step === 0));
    const bitmaps = sets.map((set) => bitmapOf(rows, set));
    for (let many = 1; many <= sets.length; many++) {
      const expected = sets[0].filter((row) => sets.slice(0, many).every((set) => set.includes(row)));
      expect(countInAll([...bitmaps.slice(0, many), null], rows)).toBe(expected.length);
      expect(membersOf(rowsInAll(bitmaps.slice(0, many), rows))).toEqual(expected);
    }
  });

  it('finds the n-th member across words, and -1 past the last', () => {
    const members = [0, 31, 32, 63, 64, 150, 199];
    const bitmap = bitmapOf(200, members);
    members.forEach((row, rank) => expect(nthSetRow(bitmap, rank)).toBe(row));
    expect(nthSetRow(bitmap, members.length)).toBe(-1);
  });
});

describe('value rows', () => {
  // 3000 rows: value 0 on most rows, 1 on a tenth (both bitmaps), 2..41 on a few rows each (listed).
  const rows = 3000;
  const column = Uint8Array.from({ length: rows }, (_, row) => (row % 10 === 0 ? 1 : row % 37 === 0 ? 2 + (row % 40) : 0));
  const index = indexValueRows(column, 42, rows);

  it('keeps common values as bitmaps and lists the rest', () => {
    expect(index.denseSlot[0]).not.toBe(-1);
    expect(index.denseSlot[1]).not.toBe(-1);
    expect(Array.from(index.denseSlot.slice(2)).every((slot) => slot === -1)).toBe(true);
    expect(index.listed.length).toBe(column.filter((value) => value >= 2).length);
  });

  it.each([
    ['nothing', () => 0],
    ['one listed value (a union)', (value: number) => (value === 5 ? 1 : 0)],
    ['a dense and a listed value', (value: number) => (value === 1 || value === 9 ? 1 : 0)],
    ['all but one listed value (everything less it)', (value: number) => (value === 7 ? 0 : 1)],
    ['all but the commonest value', (value: number) => (value === 0 ? 0 : 1)],
  ])('gives the rows of %s', (_, passes) => {
    const flags = Uint8Array.from({ length: 42 }, (_, value) => passes(value));
    const expected = Array.from(column.keys()).filter((row) => flags[column[row]] === 1);
    expect(membersOf(rowsWithValues(index, flags, rows)!)).toEqual(expected);
  });

  it('answers null when every value passes', () => {
    expect(rowsWithValues(index, new Uint8Array(42).fill(1), rows)).toBeNull();
  });
});
