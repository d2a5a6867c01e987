import { generatedServedTable } from '../../../../testing/leads/served-table';
import { leadTableHealth, leadTableMeasures, loadingText } from './lead-table-reports';
import * as life from './lead-table-state';

const served = generatedServedTable({
  contacts: 12,
  segmentRows: 4,
  seed: 7,
  source: 'snapshot',
  snapshotWrittenAt: new Date(10_000),
  loadedAt: new Date(20_000),
});
const loading = (loaded: number, total: number | null, source: 'snapshot' | 'database' = 'database') =>
  life.loadProgressed(life.loadStarted(life.NOT_LOADED), { source, loaded, total });
const ready = life.loadFinished(life.loadStarted(life.NOT_LOADED), served, { ms: 3000, at: 20_000 });

describe('what the lead table state reports', () => {
  it('tells /health each state, a ready table with its size, age, version and background work', () => {
    expect(leadTableHealth(life.NOT_LOADED, 0)).toEqual({ state: 'not-loaded' });
    expect(leadTableHealth(life.loadStarted(life.NOT_LOADED), 0)).toEqual({
      state: 'loading',
      source: null,
      loadedContacts: 0,
      totalContacts: null,
    });
    expect(leadTableHealth(loading(5, 12), 0)).toEqual({ state: 'loading', source: 'database', loadedContacts: 5, totalContacts: 12 });
    expect(leadTableHealth(life.loadFailed(loading(5, 12), 'refused'), 0)).toEqual({ state: 'failed', reason: 'refused' });
    expect(leadTableHealth(life.workStarted(life.loadStarted(ready), 'merging'), 41_600)).toEqual({
      state: 'ready',
      contacts: 12,
      source: 'snapshot',
      loadedAt: '1970-01-01T00:00:20.000Z',
      snapshotAgeSeconds: 32,
      reloading: true,
      merging: true,
      segments: 3,
      dataVersion: 'd:12',
      deltas: 0,
      deltaContacts: 0,
    });
  });

  it('gives /metrics nothing but zeros and nulls until the table answers, then its measures', () => {
    for (const state of [life.NOT_LOADED, loading(5, 12), life.loadFailed(loading(5, 12), 'refused')] as life.LeadTableState[]) {
      const noTimes = { secondsSinceChange: null, snapshotAgeSeconds: null, lastLoadSeconds: null, lastMergeSeconds: null };
      expect(leadTableMeasures(state, 99_000)).toEqual({ ready: false, contacts: 0, segments: 0, deltas: 0, ...noTimes });
    }
    expect(leadTableMeasures(ready, 25_000)).toEqual({
      ready: true,
      contacts: 12,
      segments: 3,
      deltas: 0,
      secondsSinceChange: 5,
      snapshotAgeSeconds: 15,
      lastLoadSeconds: 3,
      lastMergeSeconds: null,
    });
    expect(leadTableMeasures(life.mergeFinished(ready, { ms: 500, at: 24_000 }), 25_000)).toMatchObject({
      secondsSinceChange: 1,
      lastMergeSeconds: 0.5,
    });
  });

  it('says in the 503 how far a load has come', () => {
    expect(loadingText(life.loadStarted(life.NOT_LOADED))).toBe('starting');
    expect(loadingText(loading(0, null))).toBe('starting');
    expect(loadingText(loading(0, null, 'snapshot'))).toBe('from its snapshot');
    expect(loadingText(loading(1_234_567, 2_000_000))).toBe('61%, 1,234,567 of 2,000,000 contacts');
    expect(loadingText(loading(0, 0))).toBe('100%, 0 of 0 contacts');
  });
});
