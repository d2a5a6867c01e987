import type { EngineProcessReport } from '../processes/engine-process-report';
import { operatorSystemView, SystemReadings } from './operator-system-view';

const NOW = new Date('2026-11-29T10:00:00.000Z');

const report: EngineProcessReport = {
  id: 'p1',
  host: 'box',
  pid: 42,
  role: 'api',
  version: '1.1.0',
  startedAt: '2026-11-29T09:00:00.000Z',
  seenAt: '2026-11-29T09:59:55.000Z',
  leadTable: {
    state: 'ready',
    source: 'snapshot',
    contacts: 10,
    segments: 2,
    deltas: 1,
    snapshotWrittenAt: '2026-11-29T09:58:00.000Z',
    changedAt: '2026-11-29T09:59:00.000Z',
    failure: null,
  },
};

const readings = (overrides: Partial<SystemReadings> = {}): SystemReadings => ({
  version: '1.1.0',
  postgres: { version: '16.4', databaseBytes: 1000, connections: { total: 3, active: 1, max: 100 } },
  redis: { version: '7.2.4', usedMemoryBytes: 2000, maxMemoryBytes: null },
  migrations: { appliedNames: ['First1700000000000', 'Second1700000001000'], knownNames: ['First1700000000000', 'Second1700000001000'] },
  processes: [report],
  webhookBacklog: { pending: 2, oldestPendingAt: new Date('2026-11-29T09:59:30.000Z') },
  ...overrides,
});

describe('the System page from its readings', () => {
  it('names the newest migration applied with the time its name carries, and those the database lacks', () => {
    const applied = operatorSystemView(readings(), NOW).migrations;
    expect(applied).toEqual({ applied: 2, last: { name: 'Second1700000001000', written_at: '2023-11-14T22:13:21.000Z' }, pending: [] });
    const behind = readings({
      migrations: { appliedNames: ['First1700000000000'], knownNames: ['First1700000000000', 'Second1700000001000'] },
    });
    expect(operatorSystemView(behind, NOW).migrations.pending).toEqual(['Second1700000001000']);
    expect(operatorSystemView(readings({ migrations: { appliedNames: [], knownNames: [] } }), NOW).migrations.last).toBeNull();
  });

  it("ages the snapshot and the backlog's oldest delivery at the moment of reading, not of reporting", () => {
    const view = operatorSystemView(readings(), NOW);
    expect(view.processes[0].lead_table.snapshot_age_seconds).toBe(120);
    expect(view.webhook_backlog).toEqual({ pending: 2, oldest_pending_age_seconds: 30 });
    expect(operatorSystemView(readings({ webhookBacklog: { pending: 0, oldestPendingAt: null } }), NOW).webhook_backlog).toEqual({
      pending: 0,
      oldest_pending_age_seconds: null,
    });
  });
});
