import { companiesOf, LiveLeadTable } from '@lead-engine/core';
import type { LeadTableLoadProgress, LeadTableOrigin } from '../threads/lead-table-loader';
import { TableChanges, withChanges } from './table-changes';

/** The table a process answers with, and where and when it was read. */
export interface ServedTable extends LeadTableOrigin {
  live: LiveLeadTable;
  loadedAt: Date;
}

/** What runs beside a table that answers; any of them may run at once. */
export interface BackgroundWork {
  /** A newer table loading whole; this one answers meanwhile. */
  reloading: boolean;
  /** The changes since the table's version being read and added as a delta. */
  catchingUp: boolean;
  /** The deltas being merged into the segments, one segment at a time. */
  merging: boolean;
}

export interface ReadyState {
  kind: 'ready';
  served: ServedTable;
  work: BackgroundWork;
  /** When the table last changed (a load, a delta, a merge), in epoch milliseconds. */
  changedAt: number;
  lastLoadMs: number;
  lastMergeMs: number | null;
}

/** The lead table's life in one process; every report of it (health, readiness, metrics, the 503 text) is read from this. */
export type LeadTableState =
  { kind: 'not-loaded' } | { kind: 'loading'; progress: LeadTableLoadProgress | null } | { kind: 'failed'; reason: string } | ReadyState;

/** Where the state lives: the parts of the table's life read it and move it on, one transition at a time. */
export interface LeadTableStateCell {
  get(): LeadTableState;
  move(transition: (state: LeadTableState) => LeadTableState): void;
}

export const NOT_LOADED: LeadTableState = { kind: 'not-loaded' };

const IDLE: BackgroundWork = { reloading: false, catchingUp: false, merging: false };

/** Whether two live tables come from one load: deltas and merges keep its company store, a whole load makes a new one. */
export const sameLoad = (left: LiveLeadTable, right: LiveLeadTable) => companiesOf(left) === companiesOf(right);

/** The table answering now, if any. */
export const servedNow = (state: LeadTableState): ServedTable | null => (state.kind === 'ready' ? state.served : null);

export const isDoing = (state: LeadTableState, work: keyof BackgroundWork): boolean => state.kind === 'ready' && state.work[work];

/** The table still answers what it answered when `before` was read: no whole load replaced it since. */
const stillServes = (state: LeadTableState, before: LiveLeadTable): state is ReadyState =>
  state.kind === 'ready' && sameLoad(state.served.live, before);

export function loadStarted(state: LeadTableState): LeadTableState {
  if (state.kind === 'ready') return workStarted(state, 'reloading');
  return { kind: 'loading', progress: state.kind === 'loading' ? state.progress : null };
}

/** A reload's progress is nobody's concern while the table it replaces answers. */
export function loadProgressed(state: LeadTableState, progress: LeadTableLoadProgress): LeadTableState {
  return state.kind === 'loading' ? { kind: 'loading', progress } : state;
}

export function loadFinished(state: LeadTableState, served: ServedTable, { ms, at }: { ms: number; at: number }): ReadyState {
  const before = state.kind === 'ready' ? state : null;
  return {
    kind: 'ready',
    served,
    work: { ...(before?.work ?? IDLE), reloading: false },
    changedAt: at,
    lastLoadMs: ms,
    lastMergeMs: before?.lastMergeMs ?? null,
  };
}

/** A failed reload leaves the table it would have replaced answering. */
export function loadFailed(state: LeadTableState, reason: string): LeadTableState {
  return state.kind === 'ready' ? workEnded(state, 'reloading') : { kind: 'failed', reason };
}

export function workStarted(state: LeadTableState, work: keyof BackgroundWork): LeadTableState {
  return state.kind === 'ready' ? { ...state, work: { ...state.work, [work]: true } } : state;
}

export function workEnded(state: LeadTableState, work: keyof BackgroundWork): LeadTableState {
  return state.kind === 'ready' ? { ...state, work: { ...state.work, [work]: false } } : state;
}

/**
 * The changes read for the table `before` added to the table answering now (merge steps may have
 * swapped segments in since), unless a whole load replaced `before` meanwhile: that one is caught up
 * on its own. A delta is folded into the newest unless a merge is taking the deltas.
 */
export function changesApplied(state: LeadTableState, before: LiveLeadTable, changes: TableChanges, at: number): LeadTableState {
  if (!stillServes(state, before)) return state;
  return {
    ...state,
    served: withChanges(state.served, changes, !state.work.merging),
    changedAt: changes.delta === null ? state.changedAt : at,
  };
}

/** One segment of a merge swapped in; a merge of a table loaded again whole since is not. */
export function segmentMerged(state: LeadTableState, live: LiveLeadTable): LeadTableState {
  return stillServes(state, live) ? { ...state, served: { ...state.served, live } } : state;
}

export function mergeFinished(state: LeadTableState, { ms, at }: { ms: number; at: number }): LeadTableState {
  return state.kind === 'ready' ? { ...state, lastMergeMs: ms, changedAt: at } : state;
}

/** A snapshot of `live`'s load written: its age is the table's, unless a whole load replaced it. */
export function snapshotWritten(state: LeadTableState, live: LiveLeadTable, writtenAt: Date): LeadTableState {
  return stillServes(state, live) ? { ...state, served: { ...state.served, snapshotWrittenAt: writtenAt } } : state;
}
