import { gzipSync } from 'node:zlib';
import { LoopbackDnsServer } from '../../bench/src/support/loopback-dns-server';
import { EngineProcess, freePort } from './support/engine-under-test';
import { EnrichmentClient } from './support/enrichment-client';
import { watchEngine } from './support/engine-watch';
import { useHarness } from './support/harness';
import { loopbackScrapeEnv } from './support/loopback-scrape-env';
import { htmlPage, LoopbackSites } from './support/loopback-sites';
import { ScrapeClient } from './support/scrape-client';

// Issue 32: pages an attacker owns cost their own site its outcome and nothing else.
// Generous on purpose: two cores shared with other test runs; a held event loop took tens of seconds.
const HEALTH_BUDGET_MS = 1000;
const GOOD_SITES = 6;

const nested = (levels: number, inner: string) => '<div>'.repeat(levels) + inner + '</div>'.repeat(levels);

/** The hostile pages, by name, and what each must come to. */
const HOSTILE: Record<string, { body: string | Buffer; headers?: Record<string, string>; outcome: string; reason: string }> = {
  deep5k: {
    body: `<html><head><title>Deep</title></head><body>${nested(5_000, 'Deep text')}</body></html>`,
    outcome: 'no_content',
    reason: 'page not read: nested deeper than 512 elements',
  },
  deep200k: {
    body: `${'<div>'.repeat(200_000)}Deeper text`,
    outcome: 'no_content',
    reason: 'page not read: nested deeper than 512 elements',
  },
  nul: {
    body: htmlPage('Nul\u0000 Site', 'Readable\u0000 text with NUL\u0000 bytes in it.'),
    outcome: 'ok',
    reason: 'readable text',
  },
  zeros: {
    body: gzipSync(Buffer.alloc(5 * 1024 * 1024)),
    headers: { 'content-encoding': 'gzip' },
    outcome: 'no_content',
    reason: 'no readable text',
  },
  mixed: {
    body: `<title>Mixed\u0000</title><p>Some\u0000 text</p>${'<div>'.repeat(200_000)}${'</span>'.repeat(100_000)}`,
    outcome: 'no_content',
    reason: 'page not read: nested deeper than 512 elements',
  },
};

describe('hostile web pages: each costs its own site, never the job or the engine', () => {
  let sites: LoopbackSites;
  let dns: LoopbackDnsServer;
  let httpsPort: number;
  const harness = useHarness({
    label: 'hostile_sites',
    engine: 'process',
    prepare: async (harness) => {
      sites = harness.stopAfterAll(await new LoopbackSites().start());
      dns = harness.stopAfterAll(await new LoopbackDnsServer().set('*.web.test', ['127.0.0.1']).start());
      httpsPort = await freePort();
    },
    env: () => ({
      DEMO_DATA: 'false',
      ...loopbackScrapeEnv({ dnsServer: dns.address, httpPort: sites.httpPort, httpsPort, timeoutMs: 20_000, connectTimeoutMs: 2000 }),
    }),
  });
  let engine: EngineProcess;

  /** The good and hostile sites under a prefix of their own, so a test reads them rather than the site text cache. */
  const serve = (prefix: string) => {
    for (let site = 1; site <= GOOD_SITES; site++) {
      sites.page(`${prefix}good-${site}.web.test`, htmlPage(`Good ${site}`, `Good site number ${site} sells rockets.`));
    }
    for (const [name, page] of Object.entries(HOSTILE)) {
      sites.page(`${prefix}${name}.web.test`, page.body, { headers: page.headers });
    }
    return {
      good: Array.from({ length: GOOD_SITES }, (_, index) => `${prefix}good-${index + 1}.web.test`),
      hostile: Object.keys(HOSTILE).map((name) => `${prefix}${name}.web.test`),
    };
  };

  beforeAll(() => {
    engine = harness.process;
  });

  it('a scrape job with deep nesting, NUL bytes and a gzip of zeros among good sites completes, each bad site refunded', async () => {
    const { good, hostile } = serve('s-');
    const { apiKey } = await harness.createAccount('Scraper');
    const scrape = new ScrapeClient(engine.url, apiKey);
    const watch = watchEngine(engine);
    const created = await scrape.start([...hostile, ...good]);
    expect(created.status).toBe(202);
    const job = await scrape.finished(created.body.id, 120_000);
    const watched = await watch.stop('scrape of hostile sites');

    expect(job).toMatchObject({ status: 'completed', total: 11, ok: 7, no_content: 4, credits_charged: 11, credits_refunded: 4 });
    expect(await scrape.balance()).toBe(300 - 7);
    const items = (await scrape.results(job.id, '?limit=100')).body.items as Array<{ domain: string; status: string; text: string }>;
    const byDomain = new Map(items.map((item) => [item.domain, item]));
    for (const [index, domain] of good.entries()) {
      const site = index + 1;
      expect(byDomain.get(domain)).toMatchObject({
        status: 'ok',
        text: `Good ${site}\nGood ${site} Good site number ${site} sells rockets.`,
      });
    }
    expect(byDomain.get('s-nul.web.test')).toMatchObject({ status: 'ok', text: 'Nul Site\nNul Site Readable text with NUL bytes in it.' });

    const reasons = await harness.query<{ domain: string; outcome: string; reason: string }>(
      'SELECT domain, outcome, reason FROM scrape_job_items WHERE job_id = $1 AND domain = ANY($2::text[]) ORDER BY domain',
      [job.id, hostile],
    );
    expect(Object.fromEntries(reasons.map((row) => [row.domain, { outcome: row.outcome, reason: row.reason }]))).toEqual(
      Object.fromEntries(
        Object.entries(HOSTILE).map(([name, page]) => [`s-${name}.web.test`, { outcome: page.outcome, reason: page.reason }]),
      ),
    );
    const stored = await harness.query<{ text: string }>("SELECT text FROM site_texts WHERE domain = 's-nul.web.test'");
    expect(stored).toEqual([{ text: 'Nul Site\nNul Site Readable text with NUL bytes in it.' }]);

    expect(watched.worstHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
    expect(watched.healthAnswers).toBeGreaterThan(0);
  });

  it('an enrichment job with the same sites as rows completes: bad rows blank and refunded, the others written', async () => {
    const { good, hostile } = serve('e-');
    const { apiKey } = await harness.createAccount('Enricher');
    const ai = new EnrichmentClient(engine.url, apiKey);
    const csv = ['Domain,Name', ...[...hostile, ...good].map((domain, index) => `${domain},Person ${index}`)].join('\n');
    const watch = watchEngine(engine);
    const { job, records } = await ai.enrich(csv, { fields: 'opener' });
    const watched = await watch.stop('enrichment of hostile sites');

    expect(job).toMatchObject({
      status: 'completed',
      completed_rows: 11,
      credits_charged: 11,
      credits_refunded: 4,
      field_report: { opener: { filled: 7, empty: 4 } },
    });
    expect(await ai.balance()).toBe(300 - 7);
    const read = Object.fromEntries(records.map((row) => [row.Domain, row['Website Read']]));
    expect(read).toEqual(
      Object.fromEntries(
        [...hostile, ...good].map((domain) => [
          domain,
          HOSTILE[domain.slice(2, -'.web.test'.length)]?.outcome === 'no_content' ? 'no' : 'yes',
        ]),
      ),
    );
    for (const row of records) {
      expect(row.opener === '').toBe(read[row.Domain] === 'no');
    }
    expect(watched.worstHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });
});
