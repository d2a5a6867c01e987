import { useMediumEngine } from '../testing/medium/engine-context';
import type { ChargingKey } from '../src/modules/identity/charging-key';
import { readEnrichmentCsv } from '../src/modules/enrichment/enrichment-csv-reader';
import { EnrichmentJobsRepository } from '../src/modules/enrichment/enrichment-jobs.repository';
import { RunEnrichmentUseCase } from '../src/modules/enrichment/use-cases/run-enrichment.use-case';
import { EnrichmentOutcome, SettleEnrichmentUseCase } from '../src/modules/enrichment/use-cases/settle-enrichment.use-case';
import { StartEnrichmentUseCase } from '../src/modules/enrichment/use-cases/start-enrichment.use-case';
import { ScrapeJobsRepository } from '../src/modules/scrape/scrape-jobs.repository';
import { RunScrapeUseCase } from '../src/modules/scrape/use-cases/run-scrape.use-case';
import { SettleScrapeUseCase } from '../src/modules/scrape/use-cases/settle-scrape.use-case';
import { StartScrapeUseCase } from '../src/modules/scrape/use-cases/start-scrape.use-case';

/** Sites whose text is in the site text cache: scrape jobs and enrichment serve them without reading anything. */
const CACHED_SITES = ['cached-one.example', 'cached-two.example', 'cached-three.example'];

/**
 * Scrape and enrichment jobs hold their credits when they start and give back what they did not deliver
 * when they settle. The test drives them as the workers' RunScrapeJob and RunEnrichmentJob would (no
 * processor takes them here): the run use-cases over the site text cache, which needs no network, and
 * the settle use-cases called again, at once, or for a job that failed.
 */
describe('scrape and enrichment settlement against PostgreSQL: what was not delivered is refunded, once', () => {
  // Two runs of one job read its unreadable site one after the other, without the pause between reads of a site.
  const engine = useMediumEngine('job_settlement', { SCRAPE_SITE_INTERVAL_MS: '0' });
  const holdsAndRefunds = async (accountId: string) =>
    (await engine().ledgerOf(accountId))
      .filter((row) => row.kind !== 'grant')
      .map(({ kind, amount, reference }) => ({ kind, amount, reference }));

  beforeAll(async () => {
    await engine().dataSource.query(
      `INSERT INTO site_texts (domain, text, fetched_at) SELECT domain, 'We make software for teams that ship. ' || domain, now() FROM unnest($1::text[]) AS d(domain)`,
      [CACHED_SITES],
    );
  });

  describe('scrape: SettleScrapeUseCase refunds every domain that is not ok', () => {
    const start = (key: ChargingKey, domains: string[]) =>
      engine()
        .get(StartScrapeUseCase)
        .execute({ ...key, request: { domains } });
    const settle = (jobId: string, status: 'completed' | 'failed') => engine().get(SettleScrapeUseCase).execute(jobId, status);
    const jobOf = async (jobId: string) => (await engine().get(ScrapeJobsRepository).find(jobId))!;

    it('holds 1 credit per site at start; completing refunds the sites without text, and settling again refunds nothing more', async () => {
      const { accountId, key } = await engine().createAccount('Scraper', 10);
      // Two cached sites (one named twice, as a URL), two inputs that name no host: 4 unique targets.
      const job = await start(key, [
        'cached-one.example',
        'https://www.cached-two.example/about',
        'CACHED-ONE.example',
        'not a host',
        'bad host!',
      ]);
      expect(job).toMatchObject({ status: 'queued', total: 4, credits_charged: 4, credits_refunded: 0 });
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 6, totalEarned: 10, totalSpent: 4 });

      await engine().get(RunScrapeUseCase).execute(job.id);
      expect(await jobOf(job.id)).toMatchObject({
        status: 'completed',
        total: 4,
        done: 4,
        ok: 2,
        invalid: 2,
        creditsCharged: 4,
        creditsRefunded: 2,
      });
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 8, totalEarned: 10, totalSpent: 2 });

      expect(await settle(job.id, 'completed')).toBe(false);
      expect(await settle(job.id, 'failed')).toBe(false);
      await engine().get(RunScrapeUseCase).execute(job.id);
      expect(await jobOf(job.id)).toMatchObject({ status: 'completed', creditsRefunded: 2 });
      expect(await holdsAndRefunds(accountId)).toEqual([
        { kind: 'hold', amount: 4, reference: `scrape:${job.id}` },
        { kind: 'refund', amount: 2, reference: `scrape:${job.id}` },
      ]);
      expect((await engine().balanceOf(accountId)).balance).toBe(8);
    });

    it('refunds once when two runs of the same job race to settle it', async () => {
      const { accountId, key } = await engine().createAccount('Racing scraper', 10);
      const job = await start(key, [...CACHED_SITES, 'no such thing!']);
      await Promise.all([engine().get(RunScrapeUseCase).execute(job.id), engine().get(RunScrapeUseCase).execute(job.id)]);
      expect(await jobOf(job.id)).toMatchObject({ status: 'completed', done: 4, ok: 3, invalid: 1, creditsRefunded: 1 });
      expect(await holdsAndRefunds(accountId)).toEqual([
        { kind: 'hold', amount: 4, reference: `scrape:${job.id}` },
        { kind: 'refund', amount: 1, reference: `scrape:${job.id}` },
      ]);
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 7, totalEarned: 10, totalSpent: 3 });
    });

    it('refunds the whole hold of a job that failed, once, however many settle it at once', async () => {
      const { accountId, key } = await engine().createAccount('Failed scraper', 10);
      const job = await start(key, CACHED_SITES);
      expect((await engine().balanceOf(accountId)).balance).toBe(7);
      const settled = await Promise.all([settle(job.id, 'failed'), settle(job.id, 'failed'), settle(job.id, 'failed')]);
      expect(settled.filter(Boolean)).toHaveLength(1);
      expect(await jobOf(job.id)).toMatchObject({ status: 'failed', done: 0, creditsCharged: 3, creditsRefunded: 3 });
      expect(await holdsAndRefunds(accountId)).toEqual([
        { kind: 'hold', amount: 3, reference: `scrape:${job.id}` },
        { kind: 'refund', amount: 3, reference: `scrape:${job.id}` },
      ]);
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 10, totalEarned: 10, totalSpent: 0 });
    });

    it('will not complete a job with sites still unread, and writes nothing trying', async () => {
      const { accountId, key } = await engine().createAccount('Early settler', 10);
      const job = await start(key, CACHED_SITES);
      await expect(settle(job.id, 'completed')).rejects.toThrow(`scrape ${job.id} still has 3 unfinished domains`);
      expect(await jobOf(job.id)).toMatchObject({ status: 'queued', creditsRefunded: 0 });
      expect(await holdsAndRefunds(accountId)).toEqual([{ kind: 'hold', amount: 3, reference: `scrape:${job.id}` }]);
    });

    it('refuses a scrape the balance cannot hold with INSUFFICIENT_CREDITS, and records no job', async () => {
      const { accountId, key } = await engine().createAccount('Poor scraper', 2);
      await expect(start(key, CACHED_SITES)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', extra: { required: 3, balance: 2 } });
      const [{ n }] = await engine().dataSource.query('SELECT count(*)::int AS n FROM scrape_jobs WHERE account_id = $1', [accountId]);
      expect(n).toBe(0);
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 2, totalEarned: 2, totalSpent: 0 });
    });
  });

  describe('enrichment: SettleEnrichmentUseCase refunds the empty cells, or the whole hold of a failed job', () => {
    // opener costs 1 a cell, custom_ps_line 2: 3 credits a row.
    const FIELDS = 'opener,custom_ps_line';
    async function start(key: ChargingKey, websites: string[]) {
      const csv = await readEnrichmentCsv(
        Buffer.from(['Website,Name', ...websites.map((site, index) => `${site},Company ${index}`)].join('\n')),
      );
      return engine()
        .get(StartEnrichmentUseCase)
        .execute({ ...key, form: { fields: FIELDS }, file: { filename: 'leads.csv', content: { state: 'read', csv } } });
    }
    const settle = (jobId: string, outcome: EnrichmentOutcome, whenFree?: boolean) =>
      engine().get(SettleEnrichmentUseCase).execute(jobId, outcome, whenFree);
    const jobOf = async (jobId: string) => (await engine().get(EnrichmentJobsRepository).find(jobId))!;

    it('holds rows × cost at start; completing refunds the empty cells, and settling again refunds nothing more', async () => {
      const { accountId, key } = await engine().createAccount('Enricher', 20);
      // 127.0.0.1 is a website the engine may not read (the target guard refuses it without connecting): its row stays blank.
      const job = await start(key, [...CACHED_SITES, '127.0.0.1']);
      expect(job).toMatchObject({ status: 'queued', total_rows: 4, credits_charged: 12, credits_refunded: 0 });
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 8, totalEarned: 20, totalSpent: 12 });

      await engine().get(RunEnrichmentUseCase).execute(job.id);
      expect(await jobOf(job.id)).toMatchObject({
        status: 'completed',
        completedRows: 4,
        creditsCharged: 12,
        creditsRefunded: 3,
        fieldReport: { opener: { filled: 3, empty: 1 }, custom_ps_line: { filled: 3, empty: 1 } },
      });
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 11, totalEarned: 20, totalSpent: 9 });

      expect(await settle(job.id, { status: 'completed' })).toBe(false);
      expect(await settle(job.id, { status: 'failed', error: 'too late' })).toBe(false);
      await engine().get(RunEnrichmentUseCase).execute(job.id);
      expect(await jobOf(job.id)).toMatchObject({ status: 'completed', creditsRefunded: 3, error: null });
      expect(await holdsAndRefunds(accountId)).toEqual([
        { kind: 'hold', amount: 12, reference: `enrichment:${job.id}` },
        { kind: 'refund', amount: 3, reference: `enrichment:${job.id}` },
      ]);
    });

    it('refunds the whole hold of a failed job once, however many settle it at once', async () => {
      const { accountId, key } = await engine().createAccount('Failed enricher', 20);
      const job = await start(key, CACHED_SITES);
      expect((await engine().balanceOf(accountId)).balance).toBe(11);
      const outcome = { status: 'failed' as const, error: 'AI service unavailable: test' };
      const settled = await Promise.all([settle(job.id, outcome), settle(job.id, outcome), settle(job.id, { status: 'completed' }, true)]);
      expect(settled.filter(Boolean)).toHaveLength(1);
      expect(await jobOf(job.id)).toMatchObject({
        status: 'failed',
        creditsCharged: 9,
        creditsRefunded: 9,
        error: 'AI service unavailable: test',
      });
      expect(await holdsAndRefunds(accountId)).toEqual([
        { kind: 'hold', amount: 9, reference: `enrichment:${job.id}` },
        { kind: 'refund', amount: 9, reference: `enrichment:${job.id}` },
      ]);
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 20, totalEarned: 20, totalSpent: 0 });
    });

    it('refunds once when two runs of the same job race to settle it', async () => {
      const { accountId, key } = await engine().createAccount('Racing enricher', 20);
      const job = await start(key, [...CACHED_SITES, '127.0.0.1']);
      await Promise.all([engine().get(RunEnrichmentUseCase).execute(job.id), engine().get(RunEnrichmentUseCase).execute(job.id)]);
      expect(await jobOf(job.id)).toMatchObject({ status: 'completed', completedRows: 4, creditsRefunded: 3 });
      expect(await holdsAndRefunds(accountId)).toEqual([
        { kind: 'hold', amount: 12, reference: `enrichment:${job.id}` },
        { kind: 'refund', amount: 3, reference: `enrichment:${job.id}` },
      ]);
      expect(await engine().balanceOf(accountId)).toEqual({ balance: 11, totalEarned: 20, totalSpent: 9 });
    });

    it('will not complete a job with rows still to enrich, and writes nothing trying', async () => {
      const { accountId, key } = await engine().createAccount('Early enricher', 20);
      const job = await start(key, CACHED_SITES);
      await expect(settle(job.id, { status: 'completed' })).rejects.toThrow(`enrichment ${job.id} still has 3 rows to enrich`);
      expect(await settle(job.id, { status: 'completed' }, true)).toBe(false);
      expect(await jobOf(job.id)).toMatchObject({ status: 'queued', creditsRefunded: 0 });
      expect(await holdsAndRefunds(accountId)).toEqual([{ kind: 'hold', amount: 9, reference: `enrichment:${job.id}` }]);
    });
  });
});
