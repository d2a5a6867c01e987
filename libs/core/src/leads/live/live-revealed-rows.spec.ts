import { syntheticLeadTable, syntheticSegments } from '../../../testing/leads/synthetic-lead-tables';
import { revealedRowsOfSeqs } from '../../../testing/leads/revealed-rows-of-seqs';
import { generateContacts } from '../synthetic';
import { ChangedContact, compactDeltas, liveTable, LiveLeadTable, withChanges } from './live-lead-table';
import { liveParts } from './live-parts';
import { LiveRevealedRows } from './live-revealed-rows';
import { syntheticChange } from '../../../testing/leads/synthetic-change';

const changed = syntheticChange;

describe('LiveRevealedRows', () => {
  const pool = [...generateContacts(1500, 5)];

  it('gives every table of a live table the rows of the seqs revealed, whichever came first, reveal or change', () => {
    let state = 11;
    const next = (below: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % below;
    };
    let live: LiveLeadTable = liveTable(syntheticLeadTable(pool.slice(0, 1000).map((contact, index) => [(index + 1) * 3, contact])));
    const rows = new LiveRevealedRows(live.segments.map((segment) => segment.table));
    const revealed = new Set<number>();
    let nextSeq = 4000;
    for (let step = 0; step < 12; step++) {
      const changes: ChangedContact[] = [];
      for (let change = 0; change < 30; change++) {
        const roll = next(3);
        // New contacts after the others, between them, and newer versions of existing ones.
        const seq = roll === 0 ? nextSeq++ : roll === 1 ? next(1000) * 3 + 1 : (next(1000) + 1) * 3;
        changes.push(changed(seq, pool[next(pool.length)], 0));
      }
      live = withChanges(live, changes);
      if (step % 5 === 4) live = compactDeltas(live);
      const seqs = Array.from({ length: 40 }, () => (next(2) === 0 ? (next(1000) + 1) * 3 : changes[next(changes.length)].seq));
      seqs.forEach((seq) => revealed.add(seq));
      rows.add(seqs);
      rows.keepDeltas(live.deltas.map((delta) => delta.table));
      for (const part of liveParts(live)) expect([...rows.of(part.table)]).toEqual([...revealedRowsOfSeqs(part.table, revealed)]);
    }
    expect(live.deltas.length).toBeGreaterThan(1);
  });

  it('carries its reveals over to a base loaded again whole: kept, moved to other rows, or found among new rows', () => {
    const base = syntheticLeadTable(pool.slice(0, 300).map((contact, index) => [(index + 1) * 2, contact]));
    const live = withChanges(liveTable(base), [changed(1001, pool[300], 0), changed(1003, pool[301], 0)]);
    const rows = new LiveRevealedRows([base]);
    const revealed = [2, 40, 41, 42, 600, 1001, 1003, 5000];
    rows.add(revealed);
    rows.keepDeltas(live.deltas.map((delta) => delta.table));
    // The next base lost seq 40, gained odd seqs below 100 and holds 1001 but not yet 1003.
    const seqs = [...base.seq].filter((seq) => seq !== 40);
    for (let seq = 1; seq < 100; seq += 2) seqs.push(seq);
    seqs.push(1001);
    seqs.sort((left, right) => left - right);
    const next = syntheticLeadTable(seqs.map((seq, index) => [seq, pool[index % pool.length]]));
    const rebased = rows.rebasedOnto([next]);
    expect([...rebased.of(next)]).toEqual([...revealedRowsOfSeqs(next, revealed)]);
    expect([...rebased.of(next)].map((row) => next.seq[row])).toEqual([2, 41, 42, 600, 1001]);
    const later = withChanges(liveTable(next), [changed(1003, pool[301], 0)]);
    expect([...rebased.of(later.deltas[0].table)]).toEqual([0]);
  });

  it('keeps the rows of the segments that stay and moves only the reveals of a replaced segment into its successor', () => {
    const segments = syntheticSegments(
      pool.slice(0, 900).map((contact, index) => [(index + 1) * 2, contact]),
      300,
    );
    const rows = new LiveRevealedRows(segments);
    rows.add([4, 300, 650, 1000, 1500, 1801]);
    // The middle segment merged with new odd seqs in its range; 1000 was removed meanwhile.
    const seqs = [...segments[1].seq].filter((seq) => seq !== 1000);
    for (let seq = 601; seq < 700; seq += 2) seqs.push(seq);
    seqs.sort((left, right) => left - right);
    const merged = syntheticLeadTable(seqs.map((seq, index) => [seq, pool[index % pool.length]]));
    const rebased = rows.rebasedOnto([segments[0], merged, segments[2]]);
    expect(rebased.of(segments[0])).toBe(rows.of(segments[0]));
    expect(rebased.of(segments[2])).toBe(rows.of(segments[2]));
    expect([...rebased.of(merged)].map((row) => merged.seq[row])).toEqual([650]);
    const later = withChanges(liveTable(segments), [changed(1801, pool[901], 0)]);
    expect([...rebased.of(later.deltas[0].table)]).toEqual([0]);
  });

  it('counts the rows it holds for deltas in its size, and lets go of deltas no longer current', () => {
    const base = syntheticLeadTable(pool.slice(0, 100).map((contact, index) => [index + 1, contact]));
    const live = withChanges(liveTable(base), [changed(500, pool[100], 0)]);
    const rows = new LiveRevealedRows([base]);
    rows.add([500, 3]);
    const before = rows.byteSize;
    rows.keepDeltas(live.deltas.map((delta) => delta.table));
    expect([...rows.of(live.deltas[0].table)]).toEqual([0]);
    expect(rows.byteSize).toBeGreaterThan(before);
    rows.keepDeltas([]);
    expect(rows.byteSize).toBe(before);
  });
});
