import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { Client } from 'pg';
import { LoopbackDnsServer } from '../../bench/src/support/loopback-dns-server';
import { freePort } from './support/engine-under-test';
import { Harness, useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { loopbackScrapeEnv } from './support/loopback-scrape-env';
import { lintMetrics, metricFamilies } from './support/prometheus-lint';
import { ScrapeClient } from './support/scrape-client';
import { seedLeads } from './support/seed-leads';

interface ParsedFamily {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string }[];
}

/**
 * A scrape of /metrics, read by a Prometheus text-format parser, as samples to look up by name and labels.
 * The parser folds all series of a labelled histogram into one, so the histograms' `_count` series are
 * read from a second parse of the same text without its TYPE lines, where each run of `_count` lines is a
 * family of its own.
 */
async function scrape(url: string, token?: string) {
  const response = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  const text = await response.text();
  const families = parsePrometheusTextFormat(text) as ParsedFamily[];
  const series = parsePrometheusTextFormat(text.replace(/^# TYPE .*\n/gm, '')) as ParsedFamily[];
  const family = (name: string) => families.find((candidate) => candidate.name === name);
  const matching = (parsed: ParsedFamily[], name: string, labels: Record<string, string>) =>
    parsed
      .filter((candidate) => candidate.name === name)
      .flatMap((candidate) => candidate.metrics)
      .filter((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return {
    family,
    /** A counter's or gauge's value, summed over the series with these labels (0 when there is none yet). */
    value: (name: string, labels: Record<string, string> = {}) =>
      matching(families, name, labels).reduce((sum, metric) => sum + Number(metric.value), 0),
    /** How many observations a histogram holds over the series with these labels. */
    count: (name: string, labels: Record<string, string> = {}) =>
      matching(series, `${name}_count`, labels).reduce((sum, metric) => sum + Number(metric.value), 0),
    /** The label values a histogram's series carry. */
    labelValues: (name: string, label: string) => matching(series, `${name}_count`, {}).map((metric) => metric.labels![label]),
  };
}

const delta = async (before: Awaited<ReturnType<typeof scrape>>, url: string, name: string, labels: Record<string, string>) =>
  (await scrape(url)).value(name, labels) - before.value(name, labels);

describe('metrics: GET /metrics in Prometheus text format', () => {
  let api: Awaited<ReturnType<Harness['startEngine']>>;
  let worker: Awaited<ReturnType<Harness['startEngine']>>;
  let scrapeSettings: Record<string, string>;
  // The engines start below: the API and the worker with the scrape settings, the tests' own engines without.
  const harness = useHarness({
    label: 'metrics',
    engine: 'none',
    prepare: async (harness) => {
      await seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
      // Every site of the failed scrape resolves to a loopback address where nothing listens.
      const dns = harness.stopAfterAll(await new LoopbackDnsServer().set('*.down.test', ['127.0.0.4']).start());
      scrapeSettings = loopbackScrapeEnv({
        dnsServer: dns.address,
        httpPort: await freePort(),
        httpsPort: await freePort(),
        connectTimeoutMs: 1000,
        timeoutMs: 3000,
      });
    },
  });

  beforeAll(async () => {
    api = await harness.startEngine({ ...scrapeSettings, ENGINE_ROLE: 'api' });
    worker = await harness.startEngine({ ...scrapeSettings, ENGINE_ROLE: 'worker', METRICS_PORT: '0' });
  });

  it('counts a reveal, an export and a failed scrape by exactly their credits, each in the process that moved them', async () => {
    const { apiKey } = await harness.createAccount('Counted', 300);
    const apiBefore = await scrape(api.url);
    const workerBefore = await scrape(worker.metricsUrl!);

    const reveal = await http(api.url, 'POST', '/api/v1/leads/reveal', {
      apiKey,
      body: { leadIds: [fixtureId(1), fixtureId(2), fixtureId(3)] },
    });
    expect(reveal.status).toBe(200);
    expect(reveal.body.credits_charged).toBe(3);

    const exported = await http(api.url, 'POST', '/api/v1/leads/exports', {
      apiKey,
      body: { industry: ['Computer Software'], limit: 100 },
    });
    expect(exported.status).toBe(202);
    let job: { status: string; deliveredRows: number; creditsCharged: number };
    for (const deadline = Date.now() + 30_000; ;) {
      job = (await http(api.url, 'GET', `/api/v1/leads/exports/${exported.body.job_id}`, { apiKey })).body;
      if (job.status === 'completed' || job.status === 'failed') break;
      if (Date.now() > deadline) throw new Error(`export still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ status: 'completed' });
    expect(job.creditsCharged).toBeGreaterThan(0);

    const scraper = new ScrapeClient(api.url, apiKey);
    const domains = ['one.down.test', 'two.down.test', 'three.down.test'];
    const started = await scraper.start(domains);
    expect(started.status).toBe(202);
    const scraped = await scraper.finished(started.body.id);
    expect(scraped).toMatchObject({ status: 'completed', ok: 0, credits_charged: 3, credits_refunded: 3 });

    // The API process revealed and held; the worker exported and refunded.
    expect(await delta(apiBefore, api.url, 'lead_engine_credits_spent_total', { kind: 'reveal' })).toBe(3);
    expect(await delta(apiBefore, api.url, 'lead_engine_credits_held_total', { kind: 'scrape' })).toBe(3);
    expect(await delta(apiBefore, api.url, 'lead_engine_credits_spent_total', { kind: 'export' })).toBe(0);
    expect(await delta(workerBefore, worker.metricsUrl!, 'lead_engine_credits_spent_total', { kind: 'export' })).toBe(job.creditsCharged);
    expect(await delta(workerBefore, worker.metricsUrl!, 'lead_engine_credits_refunded_total', { kind: 'scrape' })).toBe(3);
    expect(await delta(workerBefore, worker.metricsUrl!, 'lead_engine_credits_spent_total', { kind: 'reveal' })).toBe(0);

    // The worker's own metrics: the jobs it ran, by queue, with their durations.
    const workerAfter = await scrape(worker.metricsUrl!);
    expect(workerAfter.family('lead_engine_job_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(workerAfter.count('lead_engine_job_duration_seconds', { queue: 'exports', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(workerAfter.count('lead_engine_job_duration_seconds', { queue: 'scrape', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(workerAfter.value('lead_engine_redis_connected', { client: 'engine' })).toBe(1);
    expect(workerAfter.family('process_resident_memory_bytes')).toBeDefined();
  });

  it('times HTTP requests by route template, method and status, and reads the state of the process at scrape time', async () => {
    const broke = await harness.createAccount('Broke', 0);
    const before = await scrape(api.url);
    const refused = await http(api.url, 'POST', '/api/v1/leads/reveal', { apiKey: broke.apiKey, body: { leadIds: [fixtureId(4)] } });
    expect(refused.status).toBe(402);
    const unknownId = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect((await http(api.url, 'GET', `/api/v1/leads/exports/${unknownId}`, { apiKey: broke.apiKey })).status).toBe(404);
    expect((await http(api.url, 'GET', '/api/v1/credits', { apiKey: broke.apiKey })).status).toBe(200);

    // Below its owner's threshold: the account of 0 credits with a threshold of 10.
    const database = new Client({ connectionString: harness.environment.databaseUrl });
    await database.connect();
    await database.query('UPDATE accounts SET low_balance_threshold = 10 WHERE id = $1', [broke.accountId]);
    await database.end();

    const after = await scrape(api.url);
    const requests = (labels: Record<string, string>) =>
      after.count('lead_engine_http_request_duration_seconds', labels) - before.count('lead_engine_http_request_duration_seconds', labels);
    expect(requests({ route: '/api/v1/leads/reveal', method: 'POST', status: '402' })).toBe(1);
    expect(requests({ route: '/api/v1/leads/exports/:id', method: 'GET', status: '404' })).toBe(1);
    expect(requests({ route: '/api/v1/credits', method: 'GET', status: '200' })).toBe(1);
    // The route's pattern, never the URL with its id.
    const routes = after.labelValues('lead_engine_http_request_duration_seconds', 'route');
    expect(routes).toContain('/api/v1/leads/exports/:id');
    expect(routes.some((route) => route.includes(unknownId))).toBe(false);

    expect(after.value('lead_engine_accounts_below_low_balance_threshold')).toBe(1);
    expect(after.value('lead_engine_lead_table_ready')).toBe(1);
    expect(after.value('lead_engine_lead_table_contacts')).toBe(FIXTURE_CONTACTS.length);
    expect(after.value('lead_engine_lead_table_segments')).toBeGreaterThanOrEqual(1);
    expect(after.family('lead_engine_lead_table_last_load_seconds')!.metrics).toHaveLength(1);
    for (const state of ['waiting', 'active', 'failed', 'delayed']) {
      expect(after.family('lead_engine_queue_jobs')!.metrics.filter((metric) => metric.labels!.state === state)).toHaveLength(6);
    }
    expect(after.value('lead_engine_postgres_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(after.value('lead_engine_redis_connected', { client: 'engine' })).toBe(1);
    expect(after.value('lead_engine_webhook_backlog_age_seconds')).toBe(0);
    expect(after.family('nodejs_eventloop_lag_seconds')).toBeDefined();
    expect(after.family('nodejs_heap_size_used_bytes')).toBeDefined();
  });

  it('counts the rate limiter’s refusals, serves a scrape however limited the client is, and asks for METRICS_TOKEN when set', async () => {
    const token = 'scrape-me-7f3a';
    const limited = await harness.startEngine({
      REDIS_KEY_PREFIX: `${harness.environment.redisKeyPrefix}:limited`,
      RATE_LIMIT_RPS: '1',
      RATE_LIMIT_BURST: '2',
      METRICS_TOKEN: token,
      ENGINE_ROLE: 'api',
    });
    try {
      const { apiKey } = await harness.createAccount('Hasty');
      const codes: string[] = [];
      for (let i = 0; i < 6; i++) codes.push((await http(limited.url, 'GET', '/api/v1/credits', { apiKey })).body.code ?? 'ok');
      // The contract answers RATE_LIMITED with 503.
      const refusals = codes.filter((code) => code === 'RATE_LIMITED').length;
      expect(refusals).toBeGreaterThanOrEqual(3);

      const without = await http(limited.url, 'GET', '/metrics');
      expect(without.status).toBe(401);
      expect(without.body).toMatchObject({ code: 'AUTH_REQUIRED' });
      expect((await http(limited.url, 'GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);

      const metrics = await scrape(limited.url, token);
      expect(metrics.value('lead_engine_http_rate_limited_total')).toBe(refusals);
      expect(metrics.count('lead_engine_http_request_duration_seconds', { route: '/api/v1/credits', status: '503' })).toBe(refusals);
    } finally {
      await limited.close();
    }
  });

  it("passes promtool's naming rules in the API and the worker: no gauge ends in _total, every counter does, names valid", async () => {
    for (const url of [api.url, worker.metricsUrl!]) {
      const text = await (await fetch(`${url}/metrics`)).text();
      const families = metricFamilies(text);
      expect(families.length).toBeGreaterThan(20);
      expect(families.filter((family) => family.type === 'gauge' && family.name.endsWith('_total')).map((family) => family.name)).toEqual(
        [],
      );
      expect(
        families.filter((family) => family.type === 'counter' && !family.name.endsWith('_total')).map((family) => family.name),
      ).toEqual([]);
      expect({ url, problems: lintMetrics(text) }).toEqual({ url, problems: [] });
      // What the dropped gauges summed stays, by type.
      expect(families.find((family) => family.name === 'nodejs_active_handles')).toMatchObject({ type: 'gauge' });
    }
  });

  it('the naming rules find what promtool finds', () => {
    const scrape = [
      '# HELP nodejs_active_handles_total Total number of active handles.',
      '# TYPE nodejs_active_handles_total gauge',
      'nodejs_active_handles_total 3',
      '# HELP jobs_done Jobs done',
      '# TYPE jobs_done counter',
      'jobs_done{queueName="a"} 1',
      '# TYPE load_milliseconds gauge',
      'load_milliseconds 2',
      '# HELP lag_ms Lag',
      '# TYPE lag_ms gauge',
      'lag_ms{le="1"} 2',
      '# HELP queue_size_gauge Size',
      '# TYPE queue_size_gauge gauge',
      'queue_size_gauge 1',
      '# HELP rpc:errors_count Errors',
      '# TYPE rpc:errors_count gauge',
      'rpc:errors_count 0',
      '# HELP request_seconds Requests',
      '# TYPE request_seconds histogram',
      'request_seconds_bucket{le="+Inf",route="/"} 1',
      'request_seconds_count{route="/"} 1',
      'request_seconds_sum{route="/"} 0.1',
    ].join('\n');
    expect(lintMetrics(scrape)).toEqual([
      'nodejs_active_handles_total: is a gauge with the "_total" suffix',
      'jobs_done: is a counter without the "_total" suffix',
      'jobs_done: has a camelCase label "queueName"',
      'load_milliseconds: has no help text',
      'load_milliseconds: uses "milliseconds" instead of the base unit "seconds"',
      'lag_ms: is not a histogram but has an "le" label',
      'lag_ms: abbreviates a unit ("ms")',
      'queue_size_gauge: names its type "gauge"',
      'rpc:errors_count: is not a histogram or summary but ends in "_count" or "_sum"',
      'rpc:errors_count: contains ":"',
    ]);
  });

  it('answers 404 with METRICS=off, and a worker without METRICS_PORT serves nothing', async () => {
    const off = await harness.startEngine({ METRICS: 'off', ENGINE_ROLE: 'api' });
    try {
      const response = await http(off.url, 'GET', '/metrics');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await off.close();
    }
    expect(worker.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const elsewhere = await http(worker.metricsUrl!, 'GET', '/metrics/elsewhere');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ code: 'NOT_FOUND' });
    const silent = await harness.startEngine({ ENGINE_ROLE: 'worker' });
    try {
      expect(silent.metricsUrl).toBeNull();
    } finally {
      await silent.close();
    }
  });
});
