import { EngineProcess } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

/**
 * Browse leaves out what the account revealed or exported, from memory kept per account and extended by
 * the reveals after the version it knows, in two engine processes sharing PostgreSQL and Redis. The
 * second keeps room for one small account only, so accounts take turns being evicted.
 */
describe('leads: browse leaves out revealed leads, exactly, across engine processes', () => {
  const harness = useHarness({
    label: 'revealed_rows',
    engine: 'none',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let first: EngineProcess;
  let second: EngineProcess;

  beforeAll(async () => {
    [first, second] = await Promise.all([harness.spawnEngine(), harness.spawnEngine({ REVEAL_CACHE_MB: '0.0001' })]);
  });

  const browse = async (engine: EngineProcess, apiKey: string) => {
    const page = await http(engine.url, 'POST', '/api/v1/leads/browse', { apiKey, body: { limit: 100 } });
    expect(page.status).toBe(200);
    return { total: page.body.total as number, ids: (page.body.leads as Array<{ id: string }>).map((lead) => lead.id) };
  };
  const reveal = (engine: EngineProcess, apiKey: string, leadIds: string[]) =>
    http(engine.url, 'POST', '/api/v1/leads/reveal', { apiKey, body: { leadIds } });
  const everyLead = FIXTURE_CONTACTS.length;

  it('a reveal through one process is left out of the very next browse through the other', async () => {
    const { apiKey } = await harness.createAccount('Revealer', 100);
    const before = await until('both lead tables loaded', async () => {
      const [one, two] = await Promise.all([browse(first, apiKey), browse(second, apiKey)]);
      return one.total === everyLead && two.total === everyLead ? one : undefined;
    });

    const [target] = before.ids;
    expect((await reveal(first, apiKey, [target])).status).toBe(200);
    for (const engine of [second, first]) {
      const after = await browse(engine, apiKey);
      expect(after.total).toBe(everyLead - 1);
      expect(after.ids).not.toContain(target);
    }

    const [next] = (await browse(second, apiKey)).ids;
    expect((await reveal(second, apiKey, [next])).status).toBe(200);
    expect((await browse(first, apiKey)).ids).not.toContain(next);
  });

  it("an export's rows are left out of browse everywhere once it completes", async () => {
    const { apiKey } = await harness.createAccount('Exporter', 100);
    await Promise.all([browse(first, apiKey), browse(second, apiKey)]);
    const started = await http(first.url, 'POST', '/api/v1/leads/exports', { apiKey, body: { limit: 3 } });
    expect(started.status).toBe(202);
    await until('the export to complete', async () => {
      const job = await http(first.url, 'GET', `/api/v1/leads/exports/${started.body.job_id}`, { apiKey });
      return job.body.status === 'completed' ? job.body : undefined;
    });
    for (const engine of [first, second]) expect((await browse(engine, apiKey)).total).toBe(everyLead - 3);
  });

  it('an account evicted from the memory budget is still exact when it comes back', async () => {
    const [one, two] = await Promise.all([harness.createAccount('Taking turns A', 100), harness.createAccount('Taking turns B', 100)]);
    const idsOf = async (apiKey: string) => (await browse(second, apiKey)).ids;
    const firstOfOne = (await idsOf(one.apiKey))[0];
    // Two accounts' rows do not fit the second process's budget: browsing as B evicts A there.
    await idsOf(two.apiKey);
    expect((await reveal(first, one.apiKey, [firstOfOne])).status).toBe(200);
    await idsOf(two.apiKey);
    const back = await browse(second, one.apiKey);
    expect(back.total).toBe(everyLead - 1);
    expect(back.ids).not.toContain(firstOfOne);
  });

  it('concurrent reveals of overlapping batches through both processes charge each lead once', async () => {
    const { apiKey } = await harness.createAccount('Overlapping', 100);
    const ids = (await browse(first, apiKey)).ids.slice(0, 6);
    const batches = [ids.slice(0, 4), ids.slice(2, 6), ids.slice(1, 5), ids.slice(0, 6)];
    const answers = await Promise.all(batches.map((batch, index) => reveal(index % 2 === 0 ? first : second, apiKey, batch)));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, answer) => sum + answer.body.credits_charged, 0)).toBe(6);
    expect((await http(first.url, 'GET', '/api/v1/credits', { apiKey })).body.balance).toBe(94);
    for (const engine of [first, second]) {
      const after = await browse(engine, apiKey);
      expect(after.total).toBe(everyLead - 6);
      expect(after.ids.filter((id) => ids.includes(id))).toEqual([]);
    }
  });
});
