import { DataSource } from 'typeorm';
import { CLOCK } from '../../apps/engine/src/infrastructure/clock/clock';
import { EnrichmentJobsRepository, EnrichedRow } from '../../apps/engine/src/modules/enrichment/enrichment-jobs.repository';
import type { RowEnricher } from '../../apps/engine/src/modules/enrichment/row-enricher';
import { RunEnrichmentUseCase } from '../../apps/engine/src/modules/enrichment/use-cases/run-enrichment.use-case';
import { SettleEnrichmentUseCase } from '../../apps/engine/src/modules/enrichment/use-cases/settle-enrichment.use-case';
import { ScrapeJobsRepository } from '../../apps/engine/src/modules/scrape/scrape-jobs.repository';
import { ScrapeSlots } from '../../apps/engine/src/modules/scrape/scrape-slots';
import type { SiteReader, SiteReading } from '../../apps/engine/src/modules/scrape/site-reader/site-reader.port';
import { SiteTextsRepository } from '../../apps/engine/src/modules/scrape/site-texts.repository';
import { RunScrapeUseCase } from '../../apps/engine/src/modules/scrape/use-cases/run-scrape.use-case';
import { SettleScrapeUseCase } from '../../apps/engine/src/modules/scrape/use-cases/settle-scrape.use-case';
import { EnrichmentClient } from './support/enrichment-client';
import { useHarness } from './support/harness';
import { ScrapeClient } from './support/scrape-client';

const UNSTORABLE = 'Text\u0000 that PostgreSQL refuses';

/**
 * Results PostgreSQL refuses for their values (whatever made them: text readers make theirs storable)
 * fail only their own site or row. The engine serves the API only, so its jobs wait for this test to
 * run them, through the engine's own use-case with a reader or enricher that hands over such values.
 */
describe('a result PostgreSQL refuses fails its own site or row, never the job', () => {
  const harness = useHarness({ label: 'unstorable', env: { ENGINE_ROLE: 'api' } });

  it('a scrape: the site whose text is refused ends no_content and is refunded, the others keep their text', async () => {
    const { apiKey } = await harness.createAccount('Scraper');
    const scrape = new ScrapeClient(harness.url, apiKey);
    const created = await scrape.start(['good.example.com', 'bad.example.com', 'fine.example.com']);
    expect(created.status).toBe(202);

    const reader: SiteReader = {
      read: async (host: string): Promise<SiteReading> => ({
        verdict: { outcome: 'ok', cause: null, httpStatus: null, reason: 'readable text' },
        text: host === 'bad.example.com' ? UNSTORABLE : `Text of ${host}`,
      }),
    };
    const app = harness.engine.app;
    const run = new RunScrapeUseCase(
      app.get(DataSource),
      app.get(ScrapeJobsRepository),
      app.get(SiteTextsRepository),
      reader,
      app.get(ScrapeSlots),
      app.get(SettleScrapeUseCase),
      app.get(CLOCK),
    );
    await run.execute(created.body.id);

    const job = (await scrape.status(created.body.id)).body;
    expect(job).toMatchObject({ status: 'completed', ok: 2, no_content: 1, credits_charged: 3, credits_refunded: 1 });
    expect(await scrape.balance()).toBe(300 - 2);
    const items = await harness.query<{ domain: string; outcome: string; reason: string }>(
      'SELECT domain, outcome, reason FROM scrape_job_items WHERE job_id = $1 ORDER BY domain',
      [job.id],
    );
    expect(items).toEqual([
      {
        domain: 'bad.example.com',
        outcome: 'no_content',
        reason: 'text could not be stored: invalid byte sequence for encoding "UTF8": 0x00',
      },
      { domain: 'fine.example.com', outcome: 'ok', reason: 'readable text' },
      { domain: 'good.example.com', outcome: 'ok', reason: 'readable text' },
    ]);
    const bad = (await scrape.results(job.id, '?status=no_content')).body.items;
    expect(bad).toMatchObject([{ domain: 'bad.example.com', reason: 'not_storable', http_status: null }]);
    const texts = await harness.query<{ domain: string; text: string }>('SELECT domain, text FROM site_texts ORDER BY domain');
    expect(texts).toEqual([
      { domain: 'fine.example.com', text: 'Text of fine.example.com' },
      { domain: 'good.example.com', text: 'Text of good.example.com' },
    ]);
  });

  it('an enrichment: the row whose output is refused is written blank and refunded, the others are written', async () => {
    const { apiKey } = await harness.createAccount('Enricher');
    const ai = new EnrichmentClient(harness.url, apiKey);
    const created = await ai.upload('Domain,Name\ngood.example.com,Ada\nbad.example.com,Bo\nfine.example.com,Cy\n', { fields: 'opener' });
    expect(created.status).toBe(202);

    const enricher = {
      enrich: async (_job: unknown, rows: ReadonlyArray<{ position: number }>, onRow: (row: EnrichedRow) => void) => {
        for (const row of rows) {
          onRow({
            position: row.position,
            websiteRead: true,
            output: { opener: row.position === 2 ? UNSTORABLE : `Opener ${row.position}` },
          });
        }
      },
    } as unknown as RowEnricher;
    const app = harness.engine.app;
    await new RunEnrichmentUseCase(
      app.get(DataSource),
      app.get(EnrichmentJobsRepository),
      enricher,
      app.get(SettleEnrichmentUseCase),
    ).execute(created.body.id);

    const job = (await ai.status(created.body.id)).body;
    expect(job).toMatchObject({
      status: 'completed',
      completed_rows: 3,
      credits_charged: 3,
      credits_refunded: 1,
      field_report: { opener: { filled: 2, empty: 1 } },
    });
    expect(await ai.balance()).toBe(300 - 2);
    const download = await ai.download(job.id);
    expect(download.text.split('\r\n').slice(0, 4)).toEqual([
      'Domain,Name,opener,Website Read',
      'good.example.com,Ada,Opener 1,yes',
      'bad.example.com,Bo,,yes',
      'fine.example.com,Cy,Opener 3,yes',
    ]);
  });
});
