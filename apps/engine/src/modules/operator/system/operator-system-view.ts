import type { OperatorEngineProcess, OperatorMigrations, OperatorSystem } from '@lead-engine/contracts';
import type { EngineProcessReport } from '../processes/engine-process-report';
import type { MigrationsOverview, PostgresOverview } from './postgres-overview.repository';
import type { RedisOverview } from './redis-overview.repository';
import type { WebhookBacklog } from './webhook-backlog.repository';

export interface SystemReadings {
  version: string;
  postgres: PostgresOverview;
  redis: RedisOverview;
  migrations: MigrationsOverview;
  processes: EngineProcessReport[];
  webhookBacklog: WebhookBacklog;
}

const secondsSince = (now: Date, at: string | Date | null) =>
  at === null ? null : Math.max(0, Math.round((now.getTime() - new Date(at).getTime()) / 1000));

/** A migration's name ends with the epoch milliseconds it was written at. */
const writtenAt = (name: string) => {
  const stamp = /(\d{13})$/.exec(name)?.[1];
  return new Date(stamp ? Number(stamp) : 0).toISOString();
};

function migrationsView({ appliedNames, knownNames }: MigrationsOverview): OperatorMigrations {
  const applied = new Set(appliedNames);
  const last = appliedNames.at(-1);
  return {
    applied: appliedNames.length,
    last: last === undefined ? null : { name: last, written_at: writtenAt(last) },
    pending: knownNames.filter((name) => !applied.has(name)),
  };
}

function processView(report: EngineProcessReport, now: Date): OperatorEngineProcess {
  const table = report.leadTable;
  return {
    id: report.id,
    host: report.host,
    pid: report.pid,
    role: report.role,
    version: report.version,
    started_at: report.startedAt,
    last_seen_at: report.seenAt,
    lead_table: {
      state: table.state,
      source: table.source,
      contacts: table.contacts,
      segments: table.segments,
      deltas: table.deltas,
      snapshot_age_seconds: secondsSince(now, table.snapshotWrittenAt),
      changed_at: table.changedAt,
      failure: table.failure,
    },
  };
}

/** What the System page shows, from what was read at `now`. */
export function operatorSystemView(readings: SystemReadings, now: Date): OperatorSystem {
  const { postgres, redis, webhookBacklog } = readings;
  return {
    version: readings.version,
    postgres: {
      version: postgres.version,
      database_bytes: postgres.databaseBytes,
      connections: postgres.connections,
    },
    redis: { version: redis.version, used_memory_bytes: redis.usedMemoryBytes, max_memory_bytes: redis.maxMemoryBytes },
    migrations: migrationsView(readings.migrations),
    processes: readings.processes.map((report) => processView(report, now)),
    webhook_backlog: {
      pending: webhookBacklog.pending,
      oldest_pending_age_seconds: secondsSince(now, webhookBacklog.oldestPendingAt),
    },
  };
}
