import { allRows, countInAll, wordsFor } from '../indexes/row-bitmap';
import { RevealedRows } from './revealed-rows';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

const ascending = (rows: Iterable<number>) => [...new Set(rows)].sort((a, b) => a - b);

describe('RevealedRows', () => {
  it.each([
    ['a few reveals on a big table', 1_000_000, 40, 10],
    ['reveals that outgrow the list and become a bitmap', 5_000, 3_000, 40],
    ['a table revealed almost whole', 2_000, 2_400, 7],
  ])('matches a plain Set through random batches of deltas: %s', (_, tableRows, reveals, batches) => {
    const next = random(tableRows + reveals);
    const set = new RevealedRows(tableRows);
    const reference = new Set<number>();
    for (let batch = 0; batch < batches; batch++) {
      for (let index = 0; index < reveals / batches; index++) {
        const row = next(tableRows);
        set.add(row);
        reference.add(row);
      }
      expect(set.size).toBe(reference.size);
      expect([...set]).toEqual(ascending(reference));
      for (let probe = 0; probe < 200; probe++) {
        const row = next(tableRows);
        expect(set.has(row)).toBe(reference.has(row));
      }
    }
  });

  it('adds out of order, ignores repeats, and iterates in row (browse) order', () => {
    const set = new RevealedRows(100);
    for (const row of [50, 3, 99, 3, 0, 50, 17]) set.add(row);
    expect([...set]).toEqual([0, 3, 17, 50, 99]);
    expect(set.size).toBe(5);
    expect([set.has(17), set.has(18), set.has(0), set.has(99)]).toEqual([true, false, true, true]);
  });

  it('refuses a row outside its table', () => {
    const set = new RevealedRows(10);
    expect(() => set.add(10)).toThrow(RangeError);
    expect(() => set.add(-1)).toThrow(RangeError);
  });

  it('clears exactly its rows from a match bitmap and says how many were matches', () => {
    for (const reveals of [30, 4_000]) {
      const tableRows = 10_000;
      const next = random(reveals);
      const set = new RevealedRows(tableRows);
      for (let index = 0; index < reveals; index++) set.add(next(tableRows));
      const matches = allRows(tableRows);
      for (let row = 0; row < tableRows; row += 3) matches[row >>> 5] &= ~(1 << (row & 31));
      const matchedBefore = countInAll([matches], tableRows);
      const revealedMatches = [...set].filter((row) => row % 3 !== 0).length;

      expect(set.clearFrom(matches)).toBe(revealedMatches);
      expect(countInAll([matches], tableRows)).toBe(matchedBefore - revealedMatches);
      for (const row of set) expect(matches[row >>> 5] & (1 << (row & 31))).toBe(0);
    }
  });

  it('holds few reveals in little memory and never more than a bitmap of the table', () => {
    const tableRows = 10_000_000;
    const sparse = new RevealedRows(tableRows);
    for (let row = 0; row < 1_000; row++) sparse.add(row * 7_919);
    expect(sparse.byteSize).toBeLessThanOrEqual(1_024 * 4);

    const dense = new RevealedRows(100_000);
    for (let row = 0; row < 30_000; row++) dense.add(row * 3);
    expect(dense.byteSize).toBe(wordsFor(100_000) * 4);
    expect(dense.size).toBe(30_000);
  });
});
