import { EngineProcess } from './support/engine-under-test';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { expectLedgerInvariant } from './support/ledger-invariant';
import { impatientClient, noisyLines } from './support/outage-client';
import { RelayedPostgres } from './support/relayed-postgres';
import { until } from './support/until';

const POSTGRES_LINE = /postgres/i;
const IMPORTED_IN_OUTAGE = 3;

describe('PostgreSQL lost under a serving engine, and back', () => {
  const postgres = new RelayedPostgres();
  const harness = useHarness({
    label: 'postgres_outage',
    engine: 'process',
    prepare: (harness) => postgres.start(harness),
    env: postgres.env,
  });
  let engine: EngineProcess;
  let apiKey: string;

  beforeAll(async () => {
    // Registered after the engine, so the relay listens again before the engine stops.
    harness.closeAfterAll(() => postgres.relay.restore().catch(() => undefined));
    engine = harness.process;
    ({ apiKey } = await harness.createAccount('Through the outage', 1_000));
  });

  it('answers every endpoint within 2 s with 503 and Retry-After, creates nothing, logs it once, and recovers by itself', async () => {
    const timed = impatientClient(engine.url, apiKey);
    const browsed = await until('the lead table with the seeded contacts', async () => {
      const page = await http(engine.url, 'POST', '/api/v1/leads/browse', { apiKey, body: { limit: 3 } });
      return page.body.leads?.length === 3 ? page.body : undefined;
    });
    const leadId = browsed.leads[0].id;
    const balanceBefore = (await http(engine.url, 'GET', '/api/v1/credits', { apiKey })).body.balance;
    const exportsBefore = (await http(engine.url, 'GET', '/api/v1/leads/exports', { apiKey })).body.exports;

    const totalBefore = (await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: {} })).body.estimated_total;
    const logBefore = engine.output().length;
    await postgres.relay.cut();
    // Contacts imported by a process that still reaches PostgreSQL: the engine hears of them and cannot read them yet.
    await harness.generateContacts(IMPORTED_IN_OUTAGE, 43);
    // Past the API key cache (at most 1 s), so authentication needs PostgreSQL too.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const calls = [
      await timed('count', 'POST', '/api/v1/leads/search', {}),
      await timed('browse', 'POST', '/api/v1/leads/browse', { limit: 3 }),
      await timed('filters', 'GET', '/api/v1/leads/filters?field=industry'),
      await timed('reveal', 'POST', '/api/v1/leads/reveal', { leadIds: [leadId] }),
      await timed('start export', 'POST', '/api/v1/leads/exports', { limit: 3 }),
      await timed('exports', 'GET', '/api/v1/leads/exports'),
      await timed('credits', 'GET', '/api/v1/credits'),
      await timed('start scrape', 'POST', '/api/v1/scrape/jobs', { domains: ['nothing-here.invalid'] }),
      await timed('scrapes', 'GET', '/api/v1/scrape/jobs'),
      await timed('enrichments', 'GET', '/api/v1/enrich-csv/jobs'),
      await timed('icp', 'POST', '/api/v1/icp-score', { target_icp: 'B2B software companies.', email: 'cto@acme.test' }),
    ];
    const health = await timed('health', 'GET', '/health');
    const ready = await timed('ready', 'GET', '/ready');

    const leadsCalls = ['count', 'browse', 'filters', 'reveal', 'start export', 'exports'];
    expect(calls.map(({ call, status, body, retryAfter }) => [call, status, body?.code, retryAfter !== null])).toEqual(
      calls.map(({ call }) => [call, 503, leadsCalls.includes(call) ? 'LEADS_SOURCE_DOWN' : 'SERVICE_UNAVAILABLE', true]),
    );
    for (const { body } of calls.filter(({ call }) => !leadsCalls.includes(call))) expect(body.message).toMatch(/PostgreSQL/);
    expect([health.status, health.body]).toEqual([200, expect.objectContaining({ status: 'degraded', postgres: 'down', redis: 'up' })]);
    expect([ready.status, ready.body]).toEqual([
      503,
      expect.objectContaining({
        code: 'NOT_READY',
        message: 'PostgreSQL does not answer',
        checks: expect.objectContaining({ postgres: 'down', redis: 'up' }),
      }),
    ]);
    const outageLog = engine.output().slice(logBefore);
    expect(noisyLines(outageLog)).toEqual([expect.stringContaining('"msg":"PostgreSQL lost')]);

    await postgres.relay.restore();
    await until(
      'the engine to serve counts again, with the contacts imported meanwhile',
      async () =>
        (await timed('count', 'POST', '/api/v1/leads/search', {})).body?.estimated_total === totalBefore + IMPORTED_IN_OUTAGE
          ? true
          : undefined,
      () => engine.output().slice(logBefore),
    );
    // The engine probes every half second; the return is logged by the first probe that gets through.
    const backLog = await until(
      'the engine to log that PostgreSQL is back',
      async () => (/"msg":"PostgreSQL back/.test(engine.output().slice(logBefore)) ? engine.output().slice(logBefore) : undefined),
      () => engine.output().slice(logBefore),
    );
    expect(backLog.split('\n').filter((line) => POSTGRES_LINE.test(line))).toEqual([
      expect.stringContaining('"msg":"PostgreSQL lost'),
      expect.stringContaining('"msg":"PostgreSQL back'),
    ]);
    expect(noisyLines(backLog)).toHaveLength(1);
    expect((await http(engine.url, 'GET', '/ready')).status).toBe(200);

    // Nothing was created or charged by the calls that failed.
    expect((await http(engine.url, 'GET', '/api/v1/credits', { apiKey })).body.balance).toBe(balanceBefore);
    expect((await http(engine.url, 'GET', '/api/v1/leads/exports', { apiKey })).body.exports).toEqual(exportsBefore);
    expect((await http(engine.url, 'GET', '/api/v1/scrape/jobs', { apiKey })).body.jobs).toEqual([]);
    await expectLedgerInvariant(harness.environment.databaseUrl);
  });
});

describe('a job that meets a PostgreSQL outage in its worker', () => {
  const postgres = new RelayedPostgres();
  const harness = useHarness({
    label: 'postgres_outage_job',
    engine: 'none',
    prepare: (harness) => postgres.start(harness),
  });
  let api: EngineProcess;
  let worker: EngineProcess;
  let apiKey: string;

  beforeAll(async () => {
    api = await harness.spawnEngine({ ENGINE_ROLE: 'api' });
    worker = await harness.spawnEngine({ ENGINE_ROLE: 'worker', DATABASE_URL: postgres.url });
    // Registered after the engines, so the relay listens again before they stop.
    harness.closeAfterAll(() => postgres.relay.restore().catch(() => undefined));
    ({ apiKey } = await harness.createAccount('Patient exporter', 100));
  });

  it('waits for it without spending its attempts, then finishes and is charged once', async () => {
    const logBefore = worker.output().length;
    await postgres.relay.cut();
    const started = await http(api.url, 'POST', '/api/v1/leads/exports', { apiKey, body: { limit: 5 } });
    expect(started.status).toBe(202);
    const status = async () => (await http(api.url, 'GET', `/api/v1/leads/exports/${started.body.job_id}`, { apiKey })).body;

    await until('the worker to meet the outage', async () =>
      /"msg":"PostgreSQL lost/.test(worker.output().slice(logBefore)) ? true : undefined,
    );
    // Longer than a job's three attempts with their backoff (1 s, 2 s) would last.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect((await status()).status).toBe('queued');

    await postgres.relay.restore();
    const job = await until('the export to finish after PostgreSQL is back', async () => {
      const body = await status();
      return ['completed', 'failed'].includes(body.status) ? body : undefined;
    });
    expect(job).toMatchObject({ status: 'completed', deliveredRows: 5, creditsCharged: 5 });
    expect((await http(api.url, 'GET', '/api/v1/credits', { apiKey })).body.balance).toBe(95);
    const log = worker.output().slice(logBefore);
    expect(noisyLines(log)).toEqual([expect.stringContaining('"msg":"PostgreSQL lost')]);
    expect(log).toMatch(/"msg":"PostgreSQL back/);
    await expectLedgerInvariant(harness.environment.databaseUrl);
  });
});
