import { CreatedApiKey, UsagePage } from '@lead-engine/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoSeriousAxeViolations, openSignedInPage, pageHeading, PHONE, screenshot } from './support/browser';
import { SignedInUser } from './support/console-session';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { ScrapeClient } from './support/scrape-client';
import { seedLeads } from './support/seed-leads';
import { useHarness } from './support/harness';
import { until } from './support/until';
import { UsageWebsites } from './support/usage-web';

const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('the Usage and Overview pages at /app/usage and /app, in Chromium', () => {
  const websites = new UsageWebsites();
  const harness = useHarness({
    label: 'console_usage_page',
    engine: 'process',
    browser: true,
    prepare: async (harness) => {
      await seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
      await websites.start(harness);
    },
    env: () => websites.env,
  });
  let url: string;
  let owner: SignedInUser;
  let member: SignedInUser;
  let revealKey: CreatedApiKey;
  let jobsKey: CreatedApiKey;
  let exportId: string;
  let scrapeId: string;

  beforeAll(async () => {
    websites.releaseOnClose(harness);
    url = harness.url;
    const { accountId } = await harness.createAccount('Usage Page Inc', 1000);
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
    member = await harness.signIn({ accountId, role: 'member', name: 'Max Member' });
    revealKey = (await owner.client.json<CreatedApiKey>('POST', '/console/api/keys', { body: { name: 'Reveal key' } })).body;
    jobsKey = (await owner.client.json<CreatedApiKey>('POST', '/console/api/keys', { body: { name: 'Jobs key' } })).body;

    // Through /api/v1: a reveal of 3 leads, an export of 4 rows, a scrape of a site that answers and one that is down.
    const reveal = await http(url, 'POST', '/api/v1/leads/reveal', { apiKey: revealKey.key, body: { leadIds: [1, 2, 3].map(fixtureId) } });
    expect(reveal.status).toBe(200);
    const exported = await http(url, 'POST', '/api/v1/leads/exports', { apiKey: jobsKey.key, body: { limit: 4 } });
    expect(exported.status).toBe(202);
    exportId = exported.body.job_id;
    await until('the export completed', async () => {
      const status = await http(url, 'GET', `/api/v1/leads/exports/${exportId}`, { apiKey: jobsKey.key });
      return status.body.status === 'completed' ? true : undefined;
    });
    const scrape = new ScrapeClient(url, jobsKey.key);
    const started = await scrape.start(['good.web.test', 'down.web.test']);
    expect(started.status).toBe(202);
    scrapeId = started.body.id;
    await scrape.finished(scrapeId, 60_000);
  });

  const signedInPage = (user: SignedInUser, viewport = DESKTOP) =>
    openSignedInPage(harness.browser, url, user.client.sessionToken!, viewport);
  const heading = pageHeading;
  const entries = (page: Page) => page.getByTestId('usage-entry');
  /** Each row as [description, change, key, user, job link]. */
  const rowsOf = (page: Page) =>
    entries(page).evaluateAll((rows) =>
      rows.map((row) => {
        const text = (id: string) => row.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
        const link = row.querySelector<HTMLAnchorElement>('[data-testid="usage-job-link"]');
        return [text('usage-description'), text('usage-change'), text('usage-key'), text('usage-user'), link ? link.href : null];
      }),
    );
  const waitForRows = (page: Page, count: number) =>
    page.waitForFunction(
      (expected) =>
        document.querySelectorAll('[data-testid="usage-entry"]').length === expected &&
        document.querySelector('[aria-label="Ledger entries"]')?.getAttribute('aria-busy') === 'false',
      count,
    );

  it('lists what each credit paid for, follows a job to its hold and refund, and downloads exactly the filtered rows', async () => {
    const { context, page } = await signedInPage(owner);
    await page.goto(`${url}/app`);
    await heading(page, 'Overview').waitFor();
    const nav = page.getByRole('navigation', { name: 'Pages' });
    await expect(nav.getByRole('link').first().textContent()).resolves.toBe('Overview');
    await nav.getByRole('link', { name: 'Usage', exact: true }).click();
    await heading(page, 'Usage').waitFor();
    await waitForRows(page, 5);

    const scrapeLink = `${url}/app/usage?job=${encodeURIComponent(`scrape:${scrapeId}`)}`;
    const exportLink = `${url}/app/usage?job=${encodeURIComponent(`export:${exportId}`)}`;
    expect(await rowsOf(page)).toEqual([
      ['Refund: 1 domain without text', '+1', 'Jobs key', 'Olivia Owner', scrapeLink],
      ['Scrape hold, 2 domains', '-2', 'Jobs key', 'Olivia Owner', scrapeLink],
      [`Export ${exportId.slice(0, 8)}… — 4 rows`, '-4', 'Jobs key', 'Olivia Owner', exportLink],
      ['Reveal of 3 leads', '-3', 'Reveal key', 'Olivia Owner', null],
      ['Welcome credits', '+1,000', 'none', 'none', null],
    ]);
    await expectNoSeriousAxeViolations(page);

    // The scrape's link: only that job's entries, its hold and its refund, with the job as a chip to remove.
    await entries(page).first().getByTestId('usage-job-link').click();
    await page.getByTestId('job-filter').waitFor();
    await waitForRows(page, 2);
    expect(new URL(page.url()).searchParams.get('job')).toBe(`scrape:${scrapeId}`);
    expect((await rowsOf(page)).map(([description, change]) => [description, change])).toEqual([
      ['Refund: 1 domain without text', '+1'],
      ['Scrape hold, 2 domains', '-2'],
    ]);
    await expect(page.getByTestId('job-filter').textContent()).resolves.toContain(`Scrape ${scrapeId.slice(0, 8)}`);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Remove the job filter' }).click();
    await waitForRows(page, 5);

    // Filter by kind (kept in the URL), then download: the CSV holds exactly the filtered rows.
    await page.getByRole('search', { name: 'Filter the usage' }).getByText('Scrape', { exact: true }).click();
    await waitForRows(page, 2);
    await expect(page.getByRole('checkbox', { name: 'Scrape' }).isChecked()).resolves.toBe(true);
    expect(new URL(page.url()).searchParams.get('kind')).toContain('scrape');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`usage-${todayUtc()}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    const api = await owner.client.json<UsagePage>('GET', '/console/api/usage?kind=scrape');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(api.body.items.map((entry) => entry.id));
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
      await entries(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-entry-id'))),
    );
    expect(api.body.items).toHaveLength(2);

    // A filter matching nothing says so; the URL is a link to the same view.
    await page.goto(`${url}/app/usage?kind=${encodeURIComponent('["icp"]')}`);
    await page.getByTestId('no-usage').getByText('No usage matches these filters.').waitFor();
    await page.goto(`${url}/app/usage?kind=${encodeURIComponent('["scrape"]')}`);
    await waitForRows(page, 2);
    await page.goto(`${url}/app/usage`);
    await waitForRows(page, 5);
    await page.mouse.move(1000, 700);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'usage');
    await context.close();
  });

  it('at 390 px each entry is a card; a member sees the account’s entries without a user filter', async () => {
    const { context, page } = await signedInPage(owner, PHONE);
    await page.goto(`${url}/app/usage`);
    await waitForRows(page, 5);
    await page.getByLabel('User').waitFor();
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    const change = entries(page).first().getByTestId('usage-change');
    const box = await change.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxeViolations(page);
    await context.close();

    const { context: memberContext, page: memberPage } = await signedInPage(member);
    await memberPage.goto(`${url}/app/usage`);
    await heading(memberPage, 'Usage').waitFor();
    await waitForRows(memberPage, 5);
    await expect(memberPage.getByLabel('User').count()).resolves.toBe(0);
    await memberContext.close();
  });

  it('Overview: totals, today’s bars by kind with refunds, credits held by a running scrape, and the low-balance notice', async () => {
    const { context, page } = await signedInPage(owner);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    // Another page does not load chart.js.
    await page.goto(`${url}/app/keys`);
    await heading(page, 'API keys').waitFor();
    expect(scripts.filter((script) => script.includes('usage-chart'))).toEqual([]);

    await page.goto(`${url}/app`);
    await heading(page, 'Overview').waitFor();
    await expect(page.getByTestId('overview-balance').textContent()).resolves.toBe('992 credits');
    await expect(page.getByTestId('overview-earned').textContent()).resolves.toBe('1,000 credits');
    await expect(page.getByTestId('overview-spent').textContent()).resolves.toBe('8 credits');
    await expect(page.getByTestId('overview-held').textContent()).resolves.toBe('0 credits');
    await page.getByTestId('no-held').waitFor();
    await page.getByTestId('plan-summary').getByText('No plan').waitFor();
    await expect(page.getByTestId('trial-summary').getAttribute('data-state')).resolves.toBe('available');
    await until('chart.js was loaded and drew', async () => (scripts.some((script) => script.includes('usage-chart')) ? true : undefined));
    await expect(page.getByRole('img', { name: /Credits spent per day/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('low-balance').count()).resolves.toBe(0);

    // The chart's numbers as a table: today's row.
    await page.getByRole('button', { name: 'Show as table' }).click();
    const today = page.locator(`[data-testid="usage-day"][data-day="${todayUtc()}"]`);
    const cells = () =>
      today.locator('td').evaluateAll((tds) => Object.fromEntries(tds.map((td) => [td.getAttribute('data-kind'), td.textContent])));
    await expect(cells()).resolves.toEqual({ reveal: '3', export: '4', scrape: '2', enrichment: '0', icp: '0', refunds: '1' });
    await expect(page.getByTestId('usage-day').count()).resolves.toBe(30);
    await expectNoSeriousAxeViolations(page);

    // A scrape held by a slow site: the Overview shows its hold and which job holds it.
    const scrape = new ScrapeClient(url, jobsKey.key);
    const slowId = (await scrape.start(['slow.web.test', 'good.web.test', 'down.web.test'])).body.id as string;
    await page.reload();
    const held = page.locator(`[data-testid="held-job"][data-job-id="${slowId}"]`);
    await held.waitFor();
    await expect(held.textContent()).resolves.toMatch(
      new RegExp(`^Scrape ${slowId.slice(0, 8)} \\((queued|running), .*\\) holds 3 credits$`),
    );
    await expect(page.getByTestId('overview-held').textContent()).resolves.toBe('3 credits');
    await expect(page.getByTestId('overview-balance').textContent()).resolves.toBe('989 credits');
    await expectNoSeriousAxeViolations(page);
    await until('the slow site was asked', async () => (websites.slowSiteAsked ? true : undefined));
    websites.releaseSlowSite();
    await scrape.finished(slowId, 60_000);
    await page.reload();
    await page.getByTestId('no-held').waitFor();
    await expect(page.getByTestId('overview-balance').textContent()).resolves.toBe('990 credits');
    await page.getByRole('button', { name: 'Show as table' }).click();
    await expect(cells()).resolves.toMatchObject({ scrape: '5', refunds: '2' });

    // The owner sets a threshold above the balance: the notice says why.
    await page.getByLabel('Warn when the balance is below').fill('5000');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    const notice = page.getByTestId('low-balance');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('The balance of 990 credits is below the threshold of 5,000 credits.');
    await page.mouse.move(1000, 700);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'overview');

    // A member sees the notice but not the form.
    const { context: memberContext, page: memberPage } = await signedInPage(member, PHONE);
    await memberPage.goto(`${url}/app`);
    await memberPage.getByTestId('low-balance').waitFor();
    await expect(memberPage.getByRole('button', { name: 'Save threshold' }).count()).resolves.toBe(0);
    await expect(memberPage.getByTestId('threshold-state').textContent()).resolves.toContain('below 5,000 credits (set by an owner)');
    const fits = await memberPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await expectNoSeriousAxeViolations(memberPage);
    await memberContext.close();

    await page.getByRole('button', { name: 'Remove threshold' }).click();
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });
});
