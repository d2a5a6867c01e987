import type { LeadTableMeasures } from '../../leads/life/lead-table-reports';
import { leadTableReport } from './engine-process-report';

const NOW = Date.parse('2026-11-29T10:00:00.000Z');
const NOT_READY: LeadTableMeasures = {
  ready: false,
  contacts: 0,
  segments: 0,
  deltas: 0,
  secondsSinceChange: null,
  snapshotAgeSeconds: null,
  lastLoadSeconds: null,
  lastMergeSeconds: null,
};

describe("a process's report of its lead table", () => {
  it('turns the ages of a ready table into times, so a reader can age them again', () => {
    const report = leadTableReport(
      {
        state: 'ready',
        contacts: 10,
        source: 'database',
        loadedAt: '2026-11-29T09:00:00.000Z',
        snapshotAgeSeconds: 60,
        reloading: false,
        merging: false,
        segments: 2,
        dataVersion: 'd:1',
        deltas: 1,
        deltaContacts: 3,
      },
      { ...NOT_READY, ready: true, contacts: 10, segments: 2, deltas: 1, secondsSinceChange: 5, snapshotAgeSeconds: 60 },
      NOW,
    );
    expect(report).toEqual({
      state: 'ready',
      source: 'database',
      contacts: 10,
      segments: 2,
      deltas: 1,
      snapshotWrittenAt: '2026-11-29T09:59:00.000Z',
      changedAt: '2026-11-29T09:59:55.000Z',
      failure: null,
    });
  });

  it('reports a table loading with the contacts loaded so far, and a failed one with its reason', () => {
    const loading = leadTableReport({ state: 'loading', source: 'snapshot', loadedContacts: 4, totalContacts: 10 }, NOT_READY, NOW);
    expect(loading).toMatchObject({ state: 'loading', source: 'snapshot', contacts: 4, segments: 0, changedAt: null });
    const failed = leadTableReport({ state: 'failed', reason: 'disk on fire' }, NOT_READY, NOW);
    expect(failed).toMatchObject({ state: 'failed', source: null, contacts: 0, failure: 'disk on fire' });
  });
});
