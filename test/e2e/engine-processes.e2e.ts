import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './support/engine-under-test';
import { Harness, useHarness } from './support/harness';
import { http, HttpResult } from './support/http';
import { until } from './support/until';

describe('engine processes', () => {
  /** Each test but the last on an environment of its own, its engines started by the test. */
  const onEnvironment = (label: string, tests: (harness: Harness) => void) =>
    describe(label, () => tests(useHarness({ label, engine: 'none' })));

  /** Two processes (all and api) sharing one database and Redis, with the default 10/s, burst 20 limit. */
  async function twoEnginesWithDefaultLimits(harness: Harness) {
    const defaults = { RATE_LIMIT_RPS: '', RATE_LIMIT_BURST: '' };
    const engines = [await harness.spawnEngine(defaults), await harness.spawnEngine({ ...defaults, ENGINE_ROLE: 'api' })];
    // Let the buckets the start-up health checks used fill up again.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    return engines;
  }

  onEnvironment('ratelimit_burst', (harness) =>
    it('lets exactly the burst through when 60 requests of one client arrive at once at two processes', async () => {
      const [first, second] = await twoEnginesWithDefaultLimits(harness);

      const startedAt = Date.now();
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, index) => http(index % 2 === 0 ? first.url : second.url, 'GET', '/api/v1/credits')),
      );
      const elapsedSeconds = (Date.now() - startedAt) / 1000;
      const allowed = responses.filter((response) => response.status === 401);
      expect(allowed.length).toBeGreaterThanOrEqual(20);
      expect(allowed.length).toBeLessThanOrEqual(20 + Math.floor(elapsedSeconds * 10));
      expect(responses.filter((response) => response.status === 503)).toHaveLength(60 - allowed.length);
      // Requests taken together are told what they would have been told one by one: the remaining count
      // steps down through every value from 19 to 0 (a refill may repeat one, never skip one).
      const remaining = new Set(allowed.map((response) => Number(response.headers.get('ratelimit-remaining'))));
      for (let left = 19; left >= 0; left--) expect(remaining.has(left)).toBe(true);
    }),
  );

  onEnvironment('ratelimit', (harness) =>
    it('shares one rate limit bucket per client across two engine processes (default 10/s, burst 20)', async () => {
      const [first, second] = await twoEnginesWithDefaultLimits(harness);

      const startedAt = Date.now();
      const responses: HttpResult[] = [];
      for (let index = 0; index < 40; index += 1) {
        responses.push(await http(index % 2 === 0 ? first.url : second.url, 'GET', '/api/v1/credits'));
      }
      const elapsedSeconds = (Date.now() - startedAt) / 1000;
      const allowed = responses.filter((response) => response.status === 401);
      const limited = responses.filter((response) => response.status === 503);
      expect(allowed.length + limited.length).toBe(40);
      expect(allowed.length).toBeGreaterThanOrEqual(20);
      expect(allowed.length).toBeLessThanOrEqual(20 + Math.ceil(elapsedSeconds * 10));
      expect(limited.length).toBeGreaterThan(0);
      expect(responses.slice(0, 20).every((response) => response.status === 401)).toBe(true);
      const servedBySecond = responses.filter((_, index) => index % 2 === 1);
      expect(servedBySecond.some((response) => response.status === 503)).toBe(true);

      // The probes and the documentation stay off the limit while the bucket is empty.
      for (const path of ['/health', '/ready', '/api/v1/openapi.json', '/docs']) {
        const probe = await http(first.url, 'GET', path);
        expect({ path, status: probe.status, limit: probe.headers.get('ratelimit-limit') }).toEqual({ path, status: 200, limit: null });
      }

      const refusal = limited[0];
      expect(refusal.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.any(String) });
      expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refusal.headers.get('ratelimit-limit')).toBe('20');
      expect(refusal.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(allowed[0].headers.get('ratelimit-remaining'))).toBe(19);

      await new Promise((resolve) => setTimeout(resolve, Number(refusal.headers.get('retry-after')) * 1000));
      expect((await http(second.url, 'GET', '/api/v1/credits')).status).toBe(401);
    }),
  );

  onEnvironment('fresh', (harness) =>
    it('creates its database, runs migrations and serves /health and /docs as `npm start` does', async () => {
      const engine = await harness.spawnEngine({ DEMO_DATA: 'true' });
      expect(engine.output()).toMatch(/API key \(shown once, keep it\):\s+le_live_[A-Za-z0-9_-]{43}/);
      const demoKey = engine.output().match(/le_live_[A-Za-z0-9_-]{43}/)![0];
      expect((await http(engine.url, 'GET', '/api/v1/credits', { apiKey: demoKey })).status).toBe(200);
      expect((await http(engine.url, 'GET', '/docs')).status).toBe(200);
      const log = engine
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"Lead Engine listening'));
      expect(JSON.parse(log!)).toMatchObject({ level: 30, service: 'lead-engine', role: 'all' });
      // Its lead table began loading before the database existed; it loads again, counts the demo contacts, and
      // says nothing of the first try at info (the expected case of a first start).
      await until(
        'the engine to be ready',
        async () => ((await http(engine.url, 'GET', '/ready')).status === 200 ? true : undefined),
        engine.output,
        60_000,
      );
      expect((await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey: demoKey, body: {} })).body.estimated_total).toBe(200);
      expect(engine.output()).not.toMatch(/lead table load started before|"level":[4-6]0/);

      await engine.stop('SIGTERM');
      const again = await harness.spawnEngine({ DEMO_DATA: 'true' });
      expect(again.output()).not.toMatch(/shown once/);
      expect((await http(again.url, 'GET', '/api/v1/credits', { apiKey: demoKey })).status).toBe(200);
    }),
  );

  onEnvironment('logs', (harness) =>
    it('logs one structured line per request with its request id', async () => {
      const engine = await harness.spawnEngine();
      await http(engine.url, 'GET', '/health', { headers: { 'x-request-id': 'req-abc-42' } });
      // The line is written by another process: wait for it rather than for a fixed time.
      const logged = () =>
        engine
          .output()
          .split('\n')
          .filter((line) => line.includes('req-abc-42'))
          .map((line) => JSON.parse(line));
      const lines = await until(
        'the request line of req-abc-42',
        async () => (logged().some((line) => line.reqId === 'req-abc-42' && line.res?.statusCode === 200) ? logged() : undefined),
        () => engine.output(),
      );
      expect(lines.length).toBeGreaterThanOrEqual(1);
    }),
  );

  onEnvironment('shutdown', (harness) =>
    it('closes its connections and exits 0 on SIGTERM', async () => {
      const engine = await harness.spawnEngine();
      const { apiKey } = await harness.createAccount('Shutdown');
      expect((await http(engine.url, 'GET', '/api/v1/credits', { apiKey })).status).toBe(200);
      const startedAt = Date.now();
      expect(await engine.stop('SIGTERM')).toBe(0);
      expect(Date.now() - startedAt).toBeLessThan(10_000);
    }),
  );

  onEnvironment('worker', (harness) =>
    it('runs a worker-only process without HTTP', async () => {
      const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/engine/dist/worker.js')], {
        env: { ...process.env, ...harness.environment.env, LOG_LEVEL: 'info', PORT: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const deadline = Date.now() + 20_000;
      while (!output.includes('worker running') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain('Lead Engine worker running');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }),
  );

  it('refuses to start on bad configuration, listing every problem', async () => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/engine/dist/main.js')], {
      env: { ...process.env, PORT: 'eighty', ENGINE_ROLE: 'both', RATE_LIMIT_RPS: '-1', DATABASE_URL: 'mysql://x' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    for (const name of ['PORT', 'ENGINE_ROLE', 'RATE_LIMIT_RPS', 'DATABASE_URL']) expect(stderr).toContain(name);
  });
});
