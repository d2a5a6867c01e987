import { fromTransferable } from '@lead-engine/core';
import { LeadTableLoader, LoadLog } from '../../apps/engine/src/modules/leads/threads/lead-table-loader';
import { useHarness } from './support/harness';

describe('leads: the lead table loaded in a thread', () => {
  const harness = useHarness({ label: 'table_thread', engine: 'none' });
  const quiet: LoadLog = { info: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    await harness.generateContacts(30_000, 9);
  }, 60_000);

  it('loads again with a larger heap when the table does not fit the first bound', async () => {
    const warnings: object[] = [];
    const load = LeadTableLoader.start({
      databaseUrl: harness.environment.databaseUrl,
      snapshotRoot: null,
      snapshotFirst: true,
      segmentMinRows: 8192,
      heapLimitMb: 1,
      log: { ...quiet, warn: (fields) => warnings.push(fields) },
    });
    const { table, dataVersion, source, snapshotWrittenAt } = await load.result;
    expect(warnings[0]).toEqual({ heapLimitMb: 1 });
    expect(load.progress).toEqual({ source: 'database', loaded: 30_000, total: 30_000 });
    const segments = fromTransferable(table);
    // 30,000 contacts in segments of at least 8,192: four, the last one short.
    expect(segments.map((segment) => segment.size)).toEqual([8192, 8192, 8192, 5424]);
    expect(dataVersion).toMatch(/^[0-9a-f-]{36}:\d+$/);
    expect([source, snapshotWrittenAt]).toEqual(['database', null]);
    expect(segments[0].titles.size).toBeGreaterThan(10);
    expect(new Set(segments.map((segment) => segment.companies)).size).toBe(1);
  });

  it('reports a database it cannot reach with the driver’s code, so the API can answer LEADS_SOURCE_DOWN', async () => {
    const load = LeadTableLoader.start({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere',
      snapshotRoot: '/nowhere',
      snapshotFirst: true,
      segmentMinRows: 8192,
      log: quiet,
    });
    await expect(load.result).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
