import type {
  ConsoleExportQuote,
  ConsoleJob,
  ConsoleJobPage,
  ConsoleStartedExport,
  CreatedApiKey,
  MeResponse,
  ScrapeResults,
} from '@lead-engine/contracts';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, expectNoSeriousAxeViolations, openSignedInPage, pageHeading, PHONE, screenshot } from './support/browser';
import { SignedInUser } from './support/console-session';
import { EnrichmentClient } from './support/enrichment-client';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { ENRICHMENT_CSV, JobsFixture, UNKNOWN_ID } from './support/jobs-fixture';
import { ScrapeClient } from './support/scrape-client';
import { until } from './support/until';

const BY_KEY = 'key Jobs key · Olivia Owner';

describe('the Jobs page at /app/jobs, in Chromium', () => {
  // The slow site answers, once the test lets it, with no text: its credit is refunded.
  const fixture = new JobsFixture('<html><body><div id="app"></div></body></html>');
  const harness = useHarness({
    label: 'console_jobs_page',
    engine: 'process',
    browser: true,
    prepare: (harness) => fixture.start(harness),
    env: () => fixture.env,
  });
  let url: string;
  let owner: SignedInUser;
  let key: CreatedApiKey;
  let apiExportId: string;
  let appExportId: string;
  let scrapeId: string;
  let enrichmentId: string;
  let slowScrapeId: string;

  const api = (method: string, route: string, body?: unknown) => http(url, method, `/api/v1${route}`, { apiKey: key.key, body });
  const exportDone = (id: string) =>
    until(`export ${id} completed`, async () =>
      (await api('GET', `/leads/exports/${id}`)).body.status === 'completed' ? true : undefined,
    );

  beforeAll(async () => {
    fixture.releaseOnClose(harness);
    url = harness.url;
    const { accountId } = await harness.createAccount('Jobs Page Inc', 1000);
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
    key = (await owner.client.json<CreatedApiKey>('POST', '/console/api/keys', { body: { name: 'Jobs key' } })).body;

    // Oldest first, through /api/v1 with the key unless said: an export of 4 rows, an export of 3 started in the
    // app, a scrape of a site with text and one without, an enrichment, and a scrape held running on a slow site.
    const exported = await api('POST', '/leads/exports', { limit: 4 });
    expect(exported.status).toBe(202);
    apiExportId = exported.body.job_id;
    await exportDone(apiExportId);
    const quote = await owner.client.json<ConsoleExportQuote>('POST', '/console/api/leads/exports/quote', { body: { limit: 3 } });
    const started = await owner.client.json<ConsoleStartedExport>('POST', '/console/api/leads/exports', {
      body: { limit: 3, quote_id: quote.body.quote_id },
    });
    expect(started.status).toBe(202);
    appExportId = started.body.id;
    const scrapes = new ScrapeClient(url, key.key);
    const enrichments = new EnrichmentClient(url, key.key);
    const [, scraped] = await Promise.all([exportDone(appExportId), scrapes.start(['clinicsoft.ai.test', 'empty.ai.test'])]);
    expect(scraped.status).toBe(202);
    scrapeId = scraped.body.id;
    await scrapes.finished(scrapeId);
    const uploaded = await enrichments.upload(
      ENRICHMENT_CSV,
      { fields: 'opener,icp', target_icp: 'VPs of Engineering' },
      { filename: 'prospects.csv' },
    );
    expect(uploaded.status).toBe(202);
    enrichmentId = uploaded.body.id;
    await enrichments.finished(enrichmentId);
    const slow = await scrapes.start(['slow.ai.test']);
    expect(slow.status).toBe(202);
    slowScrapeId = slow.body.id;
    await until('the slow site was asked', async () => (fixture.slowSiteAsked ? true : undefined));
  });

  const signedInPage = (user: SignedInUser, viewport = DESKTOP) =>
    openSignedInPage(harness.browser, url, user.client.sessionToken!, viewport);
  const heading = pageHeading;
  const row = (page: Page, id: string) => page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);
  /** The list shows exactly these jobs, in this order, and is not loading. */
  const jobsAre = (page: Page, ids: string[]) =>
    page.waitForFunction(
      (expected) =>
        JSON.stringify([...document.querySelectorAll('[data-testid="job-row"]')].map((tr) => tr.getAttribute('data-job-id'))) ===
          JSON.stringify(expected) && document.querySelector('[data-testid="job-list"]')?.getAttribute('aria-busy') === 'false',
      ids,
    );
  /** Each job as [type, summary, status, credits, started by, has a progress bar, has a download]. */
  const rowsOf = (page: Page) =>
    page.getByTestId('job-row').evaluateAll((rows) =>
      rows.map((tr) => {
        const text = (id: string) => tr.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
        return [
          text('job-type'),
          text('job-summary'),
          text('job-status'),
          text('job-credits'),
          text('job-started-by'),
          tr.querySelector('[data-testid="job-progress"]') !== null,
          tr.querySelector('[data-testid="job-download"]') !== null,
        ];
      }),
    );
  const downloadedLines = async (page: Page, link: Locator) => {
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    return readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
  };
  const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
  const balanceOverHttp = async () => (await owner.client.json<MeResponse>('GET', '/console/api/me')).body.account!.balance;

  it('lists every job with its words, credits and who started it; filters live in the URL; a running scrape settles live; a CSV downloads', async () => {
    const listed = (await owner.client.json<ConsoleJobPage>('GET', '/console/api/jobs')).body.items;
    const summary = (id: string) => listed.find((job: ConsoleJob) => job.id === id)!.summary;
    const { context, page } = await signedInPage(owner);
    await page.goto(`${url}/app`);
    await heading(page, 'Overview').waitFor();
    const nav = page.getByRole('navigation', { name: 'Pages' });
    const links = await nav.getByRole('link').allTextContents();
    expect(links.slice(links.indexOf('Leads'), links.indexOf('Leads') + 2)).toEqual(['Leads', 'Jobs']);
    await nav.getByRole('link', { name: 'Jobs', exact: true }).click();
    await heading(page, 'Jobs').waitFor();
    const all = [slowScrapeId, enrichmentId, scrapeId, appExportId, apiExportId];
    await jobsAre(page, all);
    expect(await rowsOf(page)).toEqual([
      ['Scrape', '1 site', 'Running', '1 held · 1 charged', BY_KEY, true, false],
      [
        'Enrichment',
        'prospects.csv: 2 rows × 2 fields',
        'Completed',
        expect.stringMatching(/^4 charged( · \d refunded)?$/),
        BY_KEY,
        false,
        true,
      ],
      ['Scrape', '2 sites, 1 without text', 'Completed', '2 charged · 1 refunded', BY_KEY, false, false],
      ['Export', summary(appExportId), 'Completed', '3 charged', 'in the app · Olivia Owner', false, true],
      ['Export', '4 of 4 rows', 'Completed', '4 charged', BY_KEY, false, true],
    ]);
    await expect(row(page, slowScrapeId).getByRole('progressbar').getAttribute('aria-label')).resolves.toBe(
      `Scrape ${slowScrapeId.slice(0, 8)}: 0% done`,
    );
    await page.mouse.move(1000, 780);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'jobs');

    // The filters narrow the list and live in the URL: a reload keeps them.
    await page.getByLabel('Type').selectOption('scrape');
    await jobsAre(page, [slowScrapeId, scrapeId]);
    expect(searchParam(page, 'type')).toBe('scrape');
    await page.getByLabel('Status').selectOption('completed');
    await jobsAre(page, [scrapeId]);
    expect([searchParam(page, 'type'), searchParam(page, 'status')]).toEqual(['scrape', 'completed']);
    await page.reload();
    await jobsAre(page, [scrapeId]);
    await expect(page.getByLabel('Type').inputValue()).resolves.toBe('scrape');
    await expect(page.getByLabel('Status').inputValue()).resolves.toBe('completed');
    await page.goto(`${url}/app/jobs?status=running`);
    await jobsAre(page, [slowScrapeId]);
    await page.goto(`${url}/app/jobs?type=export&status=failed`);
    await page.getByTestId('no-jobs').getByText('No jobs match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await jobsAre(page, all);
    expect(new URL(page.url()).search).toBe('');

    // The slow site answers (without text): the list turns the scrape completed without a reload, its hold
    // becomes a charge and a refund, and the frame's balance follows.
    const before = await balanceOverHttp();
    await expect(page.getByTestId('balance').textContent()).resolves.toBe(`${before} credits`);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    fixture.releaseSlowSite();
    await page.locator(`[data-testid="job-row"][data-job-id="${slowScrapeId}"][data-status="completed"]`).waitFor({ timeout: 30_000 });
    await row(page, slowScrapeId).getByTestId('job-credits').getByText('1 charged · 1 refunded', { exact: true }).waitFor();
    await expect(row(page, slowScrapeId).getByTestId('job-progress').count()).resolves.toBe(0);
    await expect(balanceOverHttp()).resolves.toBe(before + 1);
    await page
      .getByTestId('balance')
      .getByText(`${before + 1} credits`, { exact: true })
      .waitFor({ timeout: 10_000 });
    expect(navigations).toEqual([]);

    // An export's Download link downloads its CSV: a header and one line per row.
    const lines = await downloadedLines(page, row(page, apiExportId).getByRole('link', { name: /^Download CSV/ }));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('First Name');

    // "Credits in Usage": the export's entries only.
    await row(page, apiExportId)
      .getByRole('link', { name: /in Usage$/ })
      .click();
    await heading(page, 'Usage').waitFor();
    expect(searchParam(page, 'job')).toBe(`export:${apiExportId}`);
    await page.getByTestId('job-filter').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="usage-entry"]').length === 1);
    await expect(page.getByTestId('usage-change').textContent()).resolves.toBe('-4');
    await context.close();
  });

  it('a scrape’s details show its counts and results with their text, filtered by outcome; an enrichment its field report; an unknown id says so', async () => {
    const { context, page } = await signedInPage(owner);
    await page.goto(`${url}/app/jobs`);
    await row(page, scrapeId).waitFor();
    await row(page, scrapeId).getByRole('link', { name: '2 sites, 1 without text' }).click();
    await heading(page, `Scrape ${scrapeId.slice(0, 8)}`).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/jobs/scrape/${scrapeId}`);
    await expect(page.getByTestId('scrape-done').textContent()).resolves.toBe('2 of 2 done');
    await expect(page.getByTestId('scrape-ok').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('scrape-credits').textContent()).resolves.toBe('2 charged · 1 refunded');
    const results = (await owner.client.json<ScrapeResults>('GET', `/console/api/scrapes/${scrapeId}/results`)).body.items;
    const clinic = results.find((item) => item.domain === 'clinicsoft.ai.test')!;
    expect(clinic.text).toContain('We build scheduling software for independent clinics.');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="scrape-result"]').length === 2);
    const clinicRow = page.locator('[data-testid="scrape-result"][data-domain="clinicsoft.ai.test"]');
    await expect(clinicRow.getByTestId('result-chars').textContent()).resolves.toBe(clinic.chars.toLocaleString('en-US'));
    const shown = clinicRow.getByTestId('result-text');
    if (clinic.text.length > 200) {
      await expect(shown.textContent()).resolves.toBe(`${clinic.text.slice(0, 200)}…`);
      await clinicRow.getByRole('button', { name: /^Show all text/ }).click();
      await expect(clinicRow.getByRole('button', { name: /^Show less/ }).getAttribute('aria-expanded')).resolves.toBe('true');
    }
    await expect(shown.textContent()).resolves.toBe(clinic.text);
    await page.mouse.move(1000, 780);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'job-scrape');

    // The outcome filter, kept in the URL.
    await page.getByLabel('Outcome').selectOption('ok');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="scrape-result"]').length === 1 &&
        document.querySelector('[data-testid="scrape-results"]')?.getAttribute('aria-busy') === 'false',
    );
    expect(searchParam(page, 'outcome')).toBe('ok');
    await expect(page.getByTestId('scrape-result').getAttribute('data-domain')).resolves.toBe('clinicsoft.ai.test');

    // Its "Credits in Usage" shows the hold and the refund.
    await page.getByRole('link', { name: 'Credits in Usage' }).click();
    await heading(page, 'Usage').waitFor();
    expect(searchParam(page, 'job')).toBe(`scrape:${scrapeId}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="usage-entry"]').length === 2);

    // An enrichment: rows done and the field report; its CSV downloads.
    await page.goto(`${url}/app/jobs/enrichment/${enrichmentId}`);
    await heading(page, `Enrichment ${enrichmentId.slice(0, 8)}`).waitFor();
    await expect(page.title()).resolves.toBe(`Enrichment ${enrichmentId.slice(0, 8)} · Lead Engine`);
    await expect(page.getByTestId('enrichment-rows').textContent()).resolves.toBe('2 of 2');
    await page.getByTestId('field-report').waitFor();
    await expect(
      page.getByTestId('field-report-row').evaluateAll((rows) => rows.map((tr) => tr.getAttribute('data-field')).sort()),
    ).resolves.toEqual(['icp', 'opener']);
    // Fields by their names, each with the CSV column it fills.
    await expect(page.getByTestId('enrichment-fields').textContent()).resolves.toBe('Opener, ICP fit');
    await expect(page.locator('[data-testid="field-report-row"][data-field="opener"] th').textContent()).resolves.toBe(
      'Openercolumn opener',
    );
    const enriched = await downloadedLines(page, page.getByRole('link', { name: 'Download CSV' }));
    expect(enriched).toHaveLength(3);
    expect(enriched[0]).toContain('opener');
    const forExcel = await page.getByRole('link', { name: 'CSV for Excel' }).getAttribute('href');
    expect(forExcel).toBe(`/console/api/enrichments/${enrichmentId}/csv?excel=true`);
    await expectNoSeriousAxeViolations(page);

    // An export's details.
    await page.goto(`${url}/app/jobs/export/${apiExportId}`);
    await page.getByTestId('export-rows').getByText('4 of 4 requested').waitFor();
    await expect(page.getByTestId('export-credits').textContent()).resolves.toBe('4 charged');

    // Unknown ids, of each type, and an unknown type: there is no such job.
    for (const route of [
      `scrape/${UNKNOWN_ID}`,
      `export/${UNKNOWN_ID}`,
      `enrichment/${UNKNOWN_ID}`,
      `enrichment/${scrapeId}`,
      `invoice/${scrapeId}`,
    ]) {
      await page.goto(`${url}/app/jobs/${route}`);
      await heading(page, 'No such job').waitFor();
    }
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('at 390 px each job is a card that fits, and a job’s details too', async () => {
    const { context, page } = await signedInPage(owner, PHONE);
    await page.goto(`${url}/app/jobs`);
    await row(page, apiExportId).waitFor();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await expect(fits()).resolves.toBe(true);
    const download = row(page, apiExportId).getByRole('link', { name: /^Download CSV/ });
    const box = await download.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxeViolations(page);

    // The keyboard reaches a job's details.
    const summaryLink = row(page, scrapeId).getByRole('link', { name: '2 sites, 1 without text' });
    await summaryLink.focus();
    await page.keyboard.press('Enter');
    await heading(page, `Scrape ${scrapeId.slice(0, 8)}`).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="scrape-result"]').length === 2);
    await expect(fits()).resolves.toBe(true);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
