import type { LeadTableHealth } from '@lead-engine/contracts';
import { deltaSize, liveSize } from '@lead-engine/core';
import type { LeadTableState } from './lead-table-state';

/** What /metrics reads of the table, as it stands. */
export interface LeadTableMeasures {
  ready: boolean;
  contacts: number;
  segments: number;
  deltas: number;
  secondsSinceChange: number | null;
  snapshotAgeSeconds: number | null;
  lastLoadSeconds: number | null;
  lastMergeSeconds: number | null;
}

/** The table as /health and /health/ready tell it, at `now` (epoch milliseconds). */
export function leadTableHealth(state: LeadTableState, now: number): LeadTableHealth {
  switch (state.kind) {
    case 'not-loaded':
      return { state: 'not-loaded' };
    case 'failed':
      return { state: 'failed', reason: state.reason };
    case 'loading': {
      const { progress } = state;
      return progress === null
        ? { state: 'loading', source: null, loadedContacts: 0, totalContacts: null }
        : { state: 'loading', source: progress.source, loadedContacts: progress.loaded, totalContacts: progress.total };
    }
    case 'ready': {
      const { served, work } = state;
      const { live, snapshotWrittenAt } = served;
      return {
        state: 'ready',
        contacts: liveSize(live),
        source: served.source,
        loadedAt: served.loadedAt.toISOString(),
        snapshotAgeSeconds: snapshotWrittenAt === null ? null : Math.max(0, Math.round((now - snapshotWrittenAt.getTime()) / 1000)),
        reloading: work.reloading,
        merging: work.merging,
        segments: live.segments.length,
        dataVersion: served.dataVersion,
        deltas: live.deltas.length,
        deltaContacts: deltaSize(live),
      };
    }
  }
}

export function leadTableMeasures(state: LeadTableState, now: number): LeadTableMeasures {
  if (state.kind !== 'ready') {
    return {
      ready: false,
      contacts: 0,
      segments: 0,
      deltas: 0,
      secondsSinceChange: null,
      snapshotAgeSeconds: null,
      lastLoadSeconds: null,
      lastMergeSeconds: null,
    };
  }
  const { live, snapshotWrittenAt } = state.served;
  return {
    ready: true,
    contacts: liveSize(live),
    segments: live.segments.length,
    deltas: live.deltas.length,
    secondsSinceChange: (now - state.changedAt) / 1000,
    snapshotAgeSeconds: snapshotWrittenAt === null ? null : (now - snapshotWrittenAt.getTime()) / 1000,
    lastLoadSeconds: state.lastLoadMs / 1000,
    lastMergeSeconds: state.lastMergeMs === null ? null : state.lastMergeMs / 1000,
  };
}

/** How far a load has come, for the 503 a request meets while the table is loading. */
export function loadingText(state: LeadTableState): string {
  const progress = state.kind === 'loading' ? state.progress : null;
  if (progress?.source === 'snapshot') return 'from its snapshot';
  if (progress === null || progress.total === null) return 'starting';
  const percent = progress.total === 0 ? 100 : Math.floor((100 * progress.loaded) / progress.total);
  return `${percent}%, ${progress.loaded.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} contacts`;
}
