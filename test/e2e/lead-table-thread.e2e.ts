import { loadLeadTableInThread } from '../../apps/engine/src/modules/leads/load-lead-table-in-thread';
import { runCli } from './support/engine-under-test';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

describe('leads: the lead table loaded in a thread', () => {
  let environment: TestEnvironment;

  beforeAll(async () => {
    environment = createTestEnvironment('table_thread');
    expect((await runCli(environment, ['contacts:generate', '--count', '30000', '--seed', '9', '--json'])).code).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await environment?.cleanup();
  });

  it('loads again with a larger heap when the table does not fit the first bound', async () => {
    const retries: number[] = [];
    const progress: number[] = [];
    const { table, dataVersion, snapshot } = await loadLeadTableInThread({
      databaseUrl: environment.databaseUrl,
      snapshotRoot: null,
      heapLimitMb: 1,
      onRetry: (limit) => retries.push(limit),
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(retries[0]).toBe(1);
    expect(table.size).toBe(30_000);
    expect(progress.at(-1)).toBe(30_000);
    expect(dataVersion).toMatch(/^[0-9a-f-]{36}:\d+$/);
    expect(snapshot).toBeNull();
    expect(table.titles.size).toBeGreaterThan(10);
  });

  it('reports a database it cannot reach with the driver’s code, so the API can answer LEADS_SOURCE_DOWN', async () => {
    await expect(
      loadLeadTableInThread({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', snapshotRoot: null, heapLimitMb: 256 }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
