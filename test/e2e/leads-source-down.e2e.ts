import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_CONTACTS } from './support/lead-fixture';
import { RelayedPostgres } from './support/relayed-postgres';

describe('leads: the contact database going away and coming back', () => {
  const postgres = new RelayedPostgres();
  const harness = useHarness({
    label: 'source_down',
    prepare: (harness) => postgres.start(harness),
    env: postgres.env,
  });
  let engine: typeof harness.engine;
  let apiKey: string;

  beforeAll(async () => {
    // Registered after the engine, so the relay listens again before the engine closes.
    harness.closeAfterAll(() => postgres.relay.restore().catch(() => undefined));
    engine = harness.engine;
    ({ apiKey } = await harness.createAccount('Patient'));
  });

  const search = () => http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: { jobTitles: ['cto'] } });
  const browse = () => http(engine.url, 'POST', '/api/v1/leads/browse', { apiKey, body: { limit: 5 } });

  it('answers 503 LEADS_SOURCE_DOWN while PostgreSQL is unreachable and recovers without a restart', async () => {
    const until = Date.now() + 5000;
    while ((await search()).body.estimated_total !== 4 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await browse()).status).toBe(200);

    await postgres.relay.cut();
    const revealed = () => http(engine.url, 'GET', '/api/v1/leads/revealed', { apiKey });
    for (const response of [await search(), await browse(), await revealed()]) {
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ code: 'LEADS_SOURCE_DOWN', error: 'Lead source unavailable' });
    }
    const reveal = await http(engine.url, 'POST', '/api/v1/leads/reveal', { apiKey, body: { leadIds: [FIXTURE_CONTACTS[0].id] } });
    expect(reveal.status).toBe(503);
    const health = await http(engine.url, 'GET', '/health');
    expect(health.body).toMatchObject({ status: 'degraded', postgres: 'down', redis: 'up' });

    await postgres.relay.restore();
    const search2 = await search();
    expect(search2.status).toBe(200);
    expect(search2.body.estimated_total).toBe(4);
    const page = await browse();
    expect(page.status).toBe(200);
    expect(page.body.returned).toBe(5);
    expect((await revealed()).status).toBe(200);
    expect((await http(engine.url, 'GET', '/health')).body.status).toBe('ok');
  });
});
