import { useCrashHarness } from './support/crash-harness';
import { EnrichmentClient } from './support/enrichment-client';
import { expectLedgerInvariant } from './support/ledger-invariant';
import { htmlPage, LoopbackSites } from './support/loopback-sites';

/** A site that holds its answer until its gate opens. */
class Gate {
  private open = false;
  private readonly waiting: Array<() => void> = [];

  release(): void {
    this.open = true;
    this.waiting.splice(0).forEach((answer) => answer());
  }

  serve(sites: LoopbackSites, host: string, text: string): void {
    sites.site(host, (request, response) => {
      if (request.url === '/robots.txt') return void response.writeHead(404).end();
      const answer = () => {
        if (!response.destroyed) response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage(host, text));
      };
      if (this.open) answer();
      else this.waiting.push(answer);
    });
  }
}

describe('enrich-csv: workers that die mid-job', () => {
  const slow = new Gate();
  const settling = new Gate();
  const harness = useCrashHarness('enrich_crash', (sites, dns) => {
    // One registrable domain per site, so that the scraper's one-read-at-a-time-per-site rule keeps them apart.
    for (const name of ['fast1', 'fast2', 'fast3', 'fast4', 'fast5', 'fast6', 'slow1', 'slow2', 'slow3', 'last'])
      dns.set(`${name}-crash.test`, ['127.0.0.1']);
    for (let n = 1; n <= 6; n++)
      sites.page(`fast${n}-crash.test`, htmlPage(`Fast ${n}`, `We build quick tools for busy teams, number ${n}.`));
    for (let n = 1; n <= 3; n++) slow.serve(sites, `slow${n}-crash.test`, 'We make slow but steady software for patient clinics.');
    settling.serve(sites, 'last-crash.test', 'We ship the last row of every file.');
  });

  // Registered after the API engine, so the held answers are let go before it stops.
  beforeAll(() =>
    harness.common.closeAfterAll(async () => {
      slow.release();
      settling.release();
    }),
  );

  const ledger = (jobId: string) => harness.ledger(`enrichment:${jobId}`);
  const until = <T>(what: string, probe: () => Promise<T | undefined>) => harness.until(what, probe);

  it('resumes on another worker with the rows not yet written, and refunds the empty cells once', async () => {
    const { apiKey } = await harness.createAccount('Survivor', 100);
    const enrich = new EnrichmentClient(harness.api.url, apiKey);
    const domains = [
      ...Array.from({ length: 6 }, (_, n) => `fast${n + 1}-crash.test`),
      'slow1-crash.test',
      'gone-crash.test',
      'slow2-crash.test',
      'slow3-crash.test',
    ];
    const created = await enrich.upload(`website\n${domains.join('\n')}\n`, { fields: 'opener,custom_ps_line' });
    expect(created.body).toMatchObject({ status: 'queued', total_rows: 10, credits_charged: 30 });

    const first = await harness.startWorker();
    const midway = await until('the fast rows to be written', async () => {
      const job = (await enrich.status(created.body.id)).body;
      return job.completed_rows === 7 ? job : undefined;
    });
    expect(midway).toMatchObject({ status: 'running', stage: 'enriching', credits_refunded: 0 });
    await until('the slow sites to be asked', async () => (harness.sites.count('slow3-crash.test', '/') === 1 ? true : undefined));
    await first.stop('SIGKILL');
    expect(await ledger(created.body.id)).toEqual([{ kind: 'hold', amount: 30 }]);

    slow.release();
    await harness.startWorker();
    const job = await enrich.finished(created.body.id);
    expect(job).toMatchObject({
      status: 'completed',
      completed_rows: 10,
      credits_charged: 30,
      credits_refunded: 3,
      field_report: { opener: { filled: 9, empty: 1 }, custom_ps_line: { filled: 9, empty: 1 } },
    });
    for (let n = 1; n <= 6; n++) expect(harness.sites.count(`fast${n}-crash.test`, '/')).toBe(1);
    for (let n = 1; n <= 3; n++) expect(harness.sites.count(`slow${n}-crash.test`, '/')).toBe(2);
    const rows = (await enrich.download(job.id)).text.trim().split('\r\n');
    expect(rows).toHaveLength(11);
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(domains);
    expect(await ledger(job.id)).toEqual([
      { kind: 'hold', amount: 30 },
      { kind: 'refund', amount: 3 },
    ]);
    expect(await enrich.balance()).toBe(73);
    await expectLedgerInvariant(harness.environment.databaseUrl);
  });

  it('a worker killed inside the settling transaction leaves nothing behind; a status poll settles exactly once', async () => {
    const { apiKey } = await harness.createAccount('Settler', 100);
    const enrich = new EnrichmentClient(harness.api.url, apiKey);
    const created = await enrich.upload('website\nfast1-crash.test\nnowhere.test\nlast-crash.test\n', { fields: 'custom_two_liner' });
    expect(created.status).toBe(202);
    await until('the last site to be asked', async () => (harness.sites.count('last-crash.test', '/') === 1 ? true : undefined));

    // Hold the ledger, then let the last row finish: the worker blocks on writing the refund, and is killed there.
    const ledgerHeld = await harness.holdLedgerUntilBlocked(() => settling.release());
    // The poll does not wait for the worker's settlement, nor settle beside it.
    expect((await enrich.status(created.body.id)).body).toMatchObject({
      status: 'running',
      stage: 'settling',
      completed_rows: 3,
      credits_refunded: 0,
    });
    await harness.lastWorker.stop('SIGKILL');
    await ledgerHeld.release();
    await ledgerHeld.blockedSessionsGone();
    expect(await ledger(created.body.id)).toEqual([{ kind: 'hold', amount: 6 }]);

    // No worker runs now: the next status poll settles the job.
    const polled = (await enrich.status(created.body.id)).body;
    expect(polled).toMatchObject({ status: 'completed', credits_refunded: 2, field_report: { custom_two_liner: { filled: 2, empty: 1 } } });
    await harness.startWorker();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await enrich.status(created.body.id)).body).toMatchObject({ status: 'completed', credits_refunded: 2 });
    expect(await ledger(created.body.id)).toEqual([
      { kind: 'hold', amount: 6 },
      { kind: 'refund', amount: 2 },
    ]);
    expect(await enrich.balance()).toBe(96);
    await expectLedgerInvariant(harness.environment.databaseUrl);
  });
});
