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
    const table = await loadLeadTableInThread(environment.databaseUrl, 1, (limit) => retries.push(limit));
    expect(retries[0]).toBe(1);
    expect(table.size).toBe(30_000);
    expect(table.titles.size).toBeGreaterThan(10);
  });

  it('reports a database it cannot reach with the driver’s code, so the API can answer LEADS_SOURCE_DOWN', async () => {
    await expect(loadLeadTableInThread('postgres://postgres@127.0.0.1:1/nowhere', 256)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
