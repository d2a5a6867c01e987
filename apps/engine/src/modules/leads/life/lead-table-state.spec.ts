import { companiesOf, createContactGenerator, DeltaBuilder, liveSize, LiveLeadTable } from '@lead-engine/core';
import { syntheticChange } from '../../../../../../libs/core/testing/leads/synthetic-change';
import { generatedServedTable } from '../../../../testing/leads/served-table';
import {
  changesApplied,
  LeadTableState,
  loadFailed,
  loadFinished,
  loadProgressed,
  loadStarted,
  mergeFinished,
  NOT_LOADED,
  ReadyState,
  segmentMerged,
  ServedTable,
  snapshotWritten,
  workEnded,
  workStarted,
} from './lead-table-state';
import type { TableChanges } from './table-changes';

const generator = createContactGenerator(42);

/** A table as a whole load makes it: ten contacts, seqs 1–10, over a company store of its own. */
const loadedTable = (dataVersion = 'd:10'): ServedTable => generatedServedTable({ contacts: 10, segmentRows: 5, dataVersion });

/** One changed contact at `seq`, as a delta over `live`'s company store. */
function changeOf(live: LiveLeadTable, seq: number, dataVersion: string): TableChanges {
  const delta = new DeltaBuilder(companiesOf(live));
  delta.add(syntheticChange(seq, generator.next(), 1));
  return { dataVersion, delta: delta.build().table };
}

function ready(served = loadedTable()): ReadyState {
  return loadFinished(loadStarted(NOT_LOADED), served, { ms: 1500, at: 1000 });
}

const progress = { source: 'database', loaded: 400, total: 1000 } as const;

describe('the lead table state', () => {
  it('goes from not loaded through loading with its progress to ready, idle, with when it changed and how long the load took', () => {
    const loading = loadStarted(NOT_LOADED);
    expect(loading).toEqual({ kind: 'loading', progress: null });
    expect(loadProgressed(loading, progress)).toEqual({ kind: 'loading', progress });
    const served = loadedTable();
    const state = loadFinished(loadProgressed(loading, progress), served, { ms: 1500, at: 1000 });
    expect(state).toEqual({
      kind: 'ready',
      served,
      work: { reloading: false, catchingUp: false, merging: false },
      changedAt: 1000,
      lastLoadMs: 1500,
      lastMergeMs: null,
    });
  });

  it('fails with the reason when nothing answers yet, and loads again from there', () => {
    const failed = loadFailed(loadProgressed(loadStarted(NOT_LOADED), progress), 'connection refused');
    expect(failed).toEqual({ kind: 'failed', reason: 'connection refused' });
    expect(loadStarted(failed)).toEqual({ kind: 'loading', progress: null });
  });

  it('keeps a loading state’s progress when another load is asked for meanwhile', () => {
    const loading = loadProgressed(loadStarted(NOT_LOADED), progress);
    expect(loadStarted(loading)).toEqual(loading);
  });

  it('keeps the table answering while a whole load runs beside it, and after that load fails', () => {
    const before = ready();
    const reloading = loadStarted(before) as ReadyState;
    expect(reloading.work.reloading).toBe(true);
    expect(reloading.served).toBe(before.served);
    expect(loadProgressed(reloading, progress)).toBe(reloading);
    expect(loadFailed(reloading, 'out of memory')).toEqual(before);
  });

  it('serves a reloaded table with the background work and the last merge it found', () => {
    const merged = mergeFinished(workStarted(ready(), 'merging'), { ms: 700, at: 2000 });
    const next = loadedTable('d:20');
    const reloaded = loadFinished(loadStarted(merged), next, { ms: 900, at: 3000 });
    expect(reloaded.served).toBe(next);
    expect(reloaded.work).toEqual({ reloading: false, catchingUp: false, merging: true });
    expect([reloaded.changedAt, reloaded.lastLoadMs, reloaded.lastMergeMs]).toEqual([3000, 900, 700]);
  });

  it('adds read changes as a delta, moving its version, and its change time only when contacts came', () => {
    const before = ready();
    const { live } = before.served;
    const nothing = changesApplied(before, live, { dataVersion: 'd:11', delta: null }, 5000) as ReadyState;
    expect(nothing.served.dataVersion).toBe('d:11');
    expect(nothing.served.live).toBe(live);
    expect(nothing.changedAt).toBe(1000);
    const changed = changesApplied(nothing, live, changeOf(live, 11, 'd:12'), 6000) as ReadyState;
    expect(changed.served.dataVersion).toBe('d:12');
    expect(changed.served.live.deltas).toHaveLength(1);
    expect(liveSize(changed.served.live)).toBe(11);
    expect(changed.changedAt).toBe(6000);
  });

  it('drops changes read for a table a whole load has replaced since', () => {
    const old = ready();
    const replaced = loadFinished(loadStarted(old), loadedTable('d:30'), { ms: 1, at: 2 });
    expect(changesApplied(replaced, old.served.live, changeOf(old.served.live, 11, 'd:31'), 9)).toBe(replaced);
  });

  it('folds the newest deltas past eight, but not while a merge is taking them', () => {
    const addNine = (state: LeadTableState) => {
      for (let seq = 11; seq <= 19; seq++) {
        const { live } = (state as ReadyState).served;
        state = changesApplied(state, live, changeOf(live, seq, `d:${seq}`), seq);
      }
      return (state as ReadyState).served.live;
    };
    expect(addNine(ready()).deltas.length).toBeLessThanOrEqual(8);
    const merging = addNine(workStarted(ready(), 'merging'));
    expect(merging.deltas).toHaveLength(9);
    expect(liveSize(merging)).toBe(19);
  });

  it('swaps in merged segments, and a snapshot’s time, only for the table they were made from', () => {
    const old = ready();
    const live = changesApplied(old, old.served.live, changeOf(old.served.live, 11, 'd:11'), 1);
    const swapped = segmentMerged(old, (live as ReadyState).served.live) as ReadyState;
    expect(swapped.served.live).toBe((live as ReadyState).served.live);
    const writtenAt = new Date(4000);
    expect((snapshotWritten(old, old.served.live, writtenAt) as ReadyState).served.snapshotWrittenAt).toBe(writtenAt);
    const replaced = loadFinished(loadStarted(old), loadedTable('d:40'), { ms: 1, at: 2 });
    expect(segmentMerged(replaced, old.served.live)).toBe(replaced);
    expect(snapshotWritten(replaced, old.served.live, writtenAt)).toBe(replaced);
  });

  it('records a finished merge’s duration and change time', () => {
    const done = mergeFinished(workStarted(ready(), 'merging'), { ms: 250, at: 8000 }) as ReadyState;
    expect([done.lastMergeMs, done.changedAt]).toEqual([250, 8000]);
    expect(workEnded(done, 'merging')).toEqual({ ...done, work: { reloading: false, catchingUp: false, merging: false } });
  });

  it('has no background work before a table answers', () => {
    for (const state of [NOT_LOADED, loadStarted(NOT_LOADED), loadFailed(loadStarted(NOT_LOADED), 'x')]) {
      expect(workStarted(state, 'catchingUp')).toBe(state);
      expect(workEnded(state, 'merging')).toBe(state);
      expect(mergeFinished(state, { ms: 1, at: 1 })).toBe(state);
    }
  });
});
