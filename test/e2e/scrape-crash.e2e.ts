import { Client } from 'pg';
import { until as waitUntil } from './support/until';
import { LoopbackDnsServer } from '../../bench/src/support/loopback-dns-server';
import { createAccount, EngineProcess, freePort, spawnEngine } from './support/engine-under-test';
import { expectLedgerInvariant } from './support/ledger-invariant';
import { htmlPage, LoopbackSites } from './support/loopback-sites';
import { ScrapeClient } from './support/scrape-client';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

describe('scrape: workers that die mid-job', () => {
  let environment: TestEnvironment;
  let sites: LoopbackSites;
  let dns: LoopbackDnsServer;
  let db: Client;
  let api: EngineProcess;
  const workers: EngineProcess[] = [];
  let scrapeEnv: Record<string, string>;
  let slowReleased = false;

  const startWorker = async () => {
    const worker = await spawnEngine(environment, { ...scrapeEnv, ENGINE_ROLE: 'worker', JOB_LOCK_MS: '1000' });
    workers.push(worker);
    return worker;
  };

  const until = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number) =>
    waitUntil(what, probe, () => workers.map((worker) => worker.output()).join('\n'), timeoutMs);

  const ledger = async (jobId: string) =>
    (await db.query(`SELECT kind, amount::int AS amount FROM credit_ledger WHERE reference = $1 ORDER BY id`, [`scrape:${jobId}`])).rows;

  beforeAll(async () => {
    environment = createTestEnvironment('scrape_crash');
    sites = await new LoopbackSites().start();
    dns = await new LoopbackDnsServer().start();
    // Every host its own site (registrable domain), so that per-site politeness does not serialize them.
    for (let n = 1; n <= 6; n++) dns.set(`fast${n}.test`, ['127.0.0.1']);
    for (let n = 1; n <= 3; n++) dns.set(`slow${n}.test`, ['127.0.0.1']);
    for (let n = 1; n <= 6; n++) sites.page(`fast${n}.test`, htmlPage(`Fast ${n}`, `Quick site ${n}`));
    for (let n = 1; n <= 3; n++) {
      sites.site(`slow${n}.test`, (request, response) => {
        if (request.url === '/robots.txt') return response.writeHead(404).end();
        const answer = () => response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage(`Slow ${n}`, 'Took its time'));
        if (slowReleased) return answer();
        const timer = setInterval(() => {
          if (!slowReleased) return;
          clearInterval(timer);
          if (!response.destroyed) answer();
        }, 20);
        timer.unref();
      });
    }
    scrapeEnv = {
      SCRAPE_ALLOW_PRIVATE_NETWORKS: 'true',
      SCRAPE_DNS_SERVERS: dns.address,
      SCRAPE_HTTP_PORT: String(sites.httpPort),
      SCRAPE_HTTPS_PORT: String(await freePort()),
      SCRAPE_SITE_INTERVAL_MS: '0',
    };
    api = await spawnEngine(environment, { ...scrapeEnv, ENGINE_ROLE: 'api' });
    db = new Client({ connectionString: environment.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    for (const worker of workers) await worker.stop('SIGKILL');
    await api?.stop();
    await Promise.all([sites?.stop(), dns?.stop()]);
    await environment?.cleanup();
  });

  it('resumes on another worker without reading finished domains again, and refunds once at completion', async () => {
    const { apiKey } = await createAccount(environment, 'Survivor', 100);
    const scrape = new ScrapeClient(api.url, apiKey);
    const domains = [
      ...Array.from({ length: 6 }, (_, n) => `fast${n + 1}.test`),
      ...Array.from({ length: 3 }, (_, n) => `slow${n + 1}.test`),
      'nowhere.test',
    ];
    const created = await scrape.start(domains);
    expect(created.body).toMatchObject({ status: 'queued', total: 10, credits_charged: 10 });

    const first = await startWorker();
    const midway = await until('the fast domains to be written', async () => {
      const job = (await scrape.status(created.body.id)).body;
      return job.done === 7 ? job : undefined;
    });
    expect(midway).toMatchObject({ status: 'running', ok: 6, invalid: 1, credits_refunded: 0 });
    await until('the slow sites to be asked', async () => (sites.count('slow3.test', '/') === 1 ? true : undefined));
    await first.stop('SIGKILL');
    expect(await ledger(created.body.id)).toEqual([{ kind: 'hold', amount: 10 }]);

    slowReleased = true;
    await startWorker();
    const job = await scrape.finished(created.body.id);
    expect(job).toMatchObject({ status: 'completed', total: 10, done: 10, ok: 9, invalid: 1, credits_charged: 10, credits_refunded: 1 });
    for (let n = 1; n <= 6; n++) expect(sites.count(`fast${n}.test`, '/')).toBe(1);
    for (let n = 1; n <= 3; n++) expect(sites.count(`slow${n}.test`, '/')).toBe(2);

    const items = (await scrape.results(job.id)).body.items.map((item: { domain: string }) => item.domain);
    expect(new Set(items).size).toBe(10);
    expect(items.slice(7).sort()).toEqual(['slow1.test', 'slow2.test', 'slow3.test']);
    expect(await ledger(job.id)).toEqual([
      { kind: 'hold', amount: 10 },
      { kind: 'refund', amount: 1 },
    ]);
    expect(await scrape.balance()).toBe(91);
    await expectLedgerInvariant(environment.databaseUrl);
  });

  it('a worker killed inside the settling transaction leaves nothing behind; the next one refunds exactly once', async () => {
    const { apiKey } = await createAccount(environment, 'Settler', 100);
    const scrape = new ScrapeClient(api.url, apiKey);
    const created = await scrape.start(['fast1.test', 'nowhere-1.test', 'nowhere-2.test']);
    expect(created.status).toBe(202);

    // Hold the ledger so the running worker blocks on writing the refund, then kill it there.
    await db.query('BEGIN');
    await db.query('LOCK TABLE credit_ledger IN EXCLUSIVE MODE');
    const watcher = new Client({ connectionString: environment.databaseUrl });
    await watcher.connect();
    try {
      await until('the worker to block on the refund', async () => {
        const { rows } = await watcher.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO credit_ledger%'`,
        );
        return rows[0].n > 0 ? true : undefined;
      });
    } finally {
      await watcher.end();
    }
    expect((await scrape.status(created.body.id)).body).toMatchObject({ status: 'running', done: 3, ok: 1, credits_refunded: 0 });
    await workers[workers.length - 1].stop('SIGKILL');
    await db.query('ROLLBACK');
    expect(await ledger(created.body.id)).toEqual([{ kind: 'hold', amount: 3 }]);

    await startWorker();
    const job = await scrape.finished(created.body.id);
    expect(job).toMatchObject({ status: 'completed', ok: 1, invalid: 2, credits_refunded: 2 });
    expect(await ledger(job.id)).toEqual([
      { kind: 'hold', amount: 3 },
      { kind: 'refund', amount: 2 },
    ]);
    expect(await scrape.balance()).toBe(99);
    await expectLedgerInvariant(environment.databaseUrl);
  });
});
