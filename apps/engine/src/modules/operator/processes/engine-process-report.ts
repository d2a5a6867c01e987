import type { LeadTableHealth } from '@lead-engine/contracts';
import type { EngineRole } from '../../../config/engine-config.schema';
import type { LeadTableMeasures } from '../../leads/life/lead-table-reports';

/** A process's lead table as it reports it; times are absolute so a reader can age them. */
export interface LeadTableReport {
  state: LeadTableHealth['state'];
  source: 'snapshot' | 'database' | null;
  contacts: number;
  segments: number;
  deltas: number;
  snapshotWrittenAt: string | null;
  changedAt: string | null;
  failure: string | null;
}

/** Who a process is: fixed from its start. */
export interface EngineProcessIdentity {
  id: string;
  host: string;
  pid: number;
  role: EngineRole;
  version: string;
  startedAt: string;
}

/** What each engine process publishes about itself, every report interval. */
export interface EngineProcessReport extends EngineProcessIdentity {
  seenAt: string;
  leadTable: LeadTableReport;
}

const secondsBefore = (now: number, seconds: number | null) => (seconds === null ? null : new Date(now - seconds * 1000).toISOString());

/** The lead table's report from what /health and /metrics read of it at `now` (epoch milliseconds). */
export function leadTableReport(health: LeadTableHealth, measures: LeadTableMeasures, now: number): LeadTableReport {
  const idle = { segments: 0, deltas: 0, snapshotWrittenAt: null, changedAt: null, failure: null };
  switch (health.state) {
    case 'not-loaded':
      return { ...idle, state: 'not-loaded', source: null, contacts: 0 };
    case 'failed':
      return { ...idle, state: 'failed', source: null, contacts: 0, failure: health.reason };
    case 'loading':
      return { ...idle, state: 'loading', source: health.source, contacts: health.loadedContacts };
    case 'ready':
      return {
        state: 'ready',
        source: health.source,
        contacts: health.contacts,
        segments: health.segments,
        deltas: health.deltas,
        snapshotWrittenAt: secondsBefore(now, measures.snapshotAgeSeconds),
        changedAt: secondsBefore(now, measures.secondsSinceChange),
        failure: null,
      };
  }
}
