import { useCrashHarness } from './support/crash-harness';
import { expectLedgerInvariant } from './support/ledger-invariant';
import { htmlPage } from './support/loopback-sites';
import { ScrapeClient } from './support/scrape-client';

describe('scrape: workers that die mid-job', () => {
  let slowReleased = false;
  const harness = useCrashHarness('scrape_crash', (sites, dns) => {
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
  });

  const ledger = (jobId: string) => harness.ledger(`scrape:${jobId}`);
  const until = <T>(what: string, probe: () => Promise<T | undefined>) => harness.until(what, probe);

  it('resumes on another worker without reading finished domains again, and refunds once at completion', async () => {
    const { apiKey } = await harness.createAccount('Survivor', 100);
    const scrape = new ScrapeClient(harness.api.url, apiKey);
    const domains = [
      ...Array.from({ length: 6 }, (_, n) => `fast${n + 1}.test`),
      ...Array.from({ length: 3 }, (_, n) => `slow${n + 1}.test`),
      'nowhere.test',
    ];
    const created = await scrape.start(domains);
    expect(created.body).toMatchObject({ status: 'queued', total: 10, credits_charged: 10 });

    const first = await harness.startWorker();
    const midway = await until('the fast domains to be written', async () => {
      const job = (await scrape.status(created.body.id)).body;
      return job.done === 7 ? job : undefined;
    });
    expect(midway).toMatchObject({ status: 'running', ok: 6, invalid: 1, credits_refunded: 0 });
    await until('the slow sites to be asked', async () => (harness.sites.count('slow3.test', '/') === 1 ? true : undefined));
    await first.stop('SIGKILL');
    expect(await ledger(created.body.id)).toEqual([{ kind: 'hold', amount: 10 }]);

    slowReleased = true;
    await harness.startWorker();
    const job = await scrape.finished(created.body.id);
    expect(job).toMatchObject({ status: 'completed', total: 10, done: 10, ok: 9, invalid: 1, credits_charged: 10, credits_refunded: 1 });
    for (let n = 1; n <= 6; n++) expect(harness.sites.count(`fast${n}.test`, '/')).toBe(1);
    for (let n = 1; n <= 3; n++) expect(harness.sites.count(`slow${n}.test`, '/')).toBe(2);

    const items = (await scrape.results(job.id)).body.items.map((item: { domain: string }) => item.domain);
    expect(new Set(items).size).toBe(10);
    expect(items.slice(7).sort()).toEqual(['slow1.test', 'slow2.test', 'slow3.test']);
    expect(await ledger(job.id)).toEqual([
      { kind: 'hold', amount: 10 },
      { kind: 'refund', amount: 1 },
    ]);
    expect(await scrape.balance()).toBe(91);
    await expectLedgerInvariant(harness.environment.databaseUrl);
  });

  it('a worker killed inside the settling transaction leaves nothing behind; the next one refunds exactly once', async () => {
    const { apiKey } = await harness.createAccount('Settler', 100);
    const scrape = new ScrapeClient(harness.api.url, apiKey);
    const created = await scrape.start(['fast1.test', 'nowhere-1.test', 'nowhere-2.test']);
    expect(created.status).toBe(202);

    // Hold the ledger so the running worker blocks on writing the refund, then kill it there.
    const ledgerHeld = await harness.holdLedgerUntilBlocked();
    expect((await scrape.status(created.body.id)).body).toMatchObject({ status: 'running', done: 3, ok: 1, credits_refunded: 0 });
    await harness.lastWorker.stop('SIGKILL');
    await ledgerHeld.release();
    expect(await ledger(created.body.id)).toEqual([{ kind: 'hold', amount: 3 }]);

    await harness.startWorker();
    const job = await scrape.finished(created.body.id);
    expect(job).toMatchObject({ status: 'completed', ok: 1, invalid: 2, credits_refunded: 2 });
    expect(await ledger(job.id)).toEqual([
      { kind: 'hold', amount: 3 },
      { kind: 'refund', amount: 2 },
    ]);
    expect(await scrape.balance()).toBe(99);
    await expectLedgerInvariant(harness.environment.databaseUrl);
  });
});
