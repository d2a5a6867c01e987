import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startAiWebsites } from './support/ai-fixture';
import { DESKTOP, expectNoSeriousAxeViolations, PHONE, screenshot } from './support/browser';
import { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { balanceOverHttp, frameBalanceIs, jobRow, jobRows, openJobsPage } from './support/jobs-page';
import { htmlPage } from './support/loopback-sites';
import { startJobModal } from './support/start-job-modal';

/** Three entries, two of them the same site, and a site whose page has no text (refunded). */
const PASTED = 'good.web.test\nhttps://good.web.test/about, blank.web.test';
const SITES_CSV = ['Website,Company', 'good.web.test,Good Inc', 'https://other.web.test/,Other', 'blank.web.test,Blank'].join('\n');

describe('starting a scrape from the Jobs page, in Chromium', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  const harness = useHarness({
    label: 'console_scrape_start_page',
    engine: 'process',
    browser: true,
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
      websites.dns.set('*.web.test', ['127.0.0.1']);
      websites.sites
        .page('good.web.test', htmlPage('Good Web', 'We make good websites for tests, every day of the week. '.repeat(5)))
        .page('blank.web.test', '<html><body><div id="app"></div></body></html>');
    },
    env: () => websites.env,
  });
  let owner: SignedInUser;

  beforeAll(async () => {
    const { accountId } = await harness.createAccount('Scrape Page Inc', 100);
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  const { dialog, confirm, priceLines, confirmStarts } = startJobModal({
    title: 'Read websites',
    price: 'scrape-price',
    quote: 'consoleQuoteScrape',
    start: 'consoleStartScrape',
  });
  /** The price shown: [the sites line, its credits, held, balance now, balance after]. */
  const priceOf = priceLines;

  it('pastes three entries naming two sites, checks the price without holding anything, and starts the scrape that then refunds the site without text', async () => {
    const { context, page } = await openJobsPage(harness, owner, DESKTOP);
    await page.getByTestId('no-jobs').waitFor();
    const before = await balanceOverHttp(owner);
    await frameBalanceIs(page, before);

    // By keyboard: the button opens the modal with the list's field focused; Tab reaches Check price.
    await page.getByRole('button', { name: 'Read websites' }).focus();
    await page.keyboard.press('Enter');
    const field = dialog(page).getByRole('textbox', { name: 'Websites' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'scrape-domains');
    await page.keyboard.insertText(PASTED);
    await expect(dialog(page).getByTestId('scrape-entries').textContent()).resolves.toBe('3 entries');
    await expect(confirm(page).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Check price');
    await page.keyboard.press('Enter');
    expect(await priceOf(page)).toEqual([
      '2 sites × 1 credit held = 2 credits',
      'Held = 2 credits',
      `Balance now = ${before} credits`,
      `Balance after = ${before - 2} credits`,
    ]);
    await dialog(page).getByText('These 3 entries name 2 different sites.').waitFor();
    await dialog(page)
      .getByText(/Sites that cannot be read .* are refunded when the job ends/)
      .waitFor();
    await expect(confirm(page).isEnabled()).resolves.toBe(true);
    // Checking the price held nothing.
    await expect(balanceOverHttp(owner)).resolves.toBe(before);

    await page.mouse.move(0, 0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'scrape-modal');

    // Changing the list discards the price: Confirm waits for a new check, even once the text is back.
    await field.fill(`${PASTED}\nmore.web.test`);
    await expect(dialog(page).getByTestId('scrape-price').count()).resolves.toBe(0);
    await expect(confirm(page).isDisabled()).resolves.toBe(true);
    await field.fill(PASTED);
    await expect(confirm(page).isDisabled()).resolves.toBe(true);
    await dialog(page).getByRole('button', { name: 'Check price' }).click();
    expect((await priceOf(page))[0]).toBe('2 sites × 1 credit held = 2 credits');

    // Confirm: the modal closes and the new scrape heads the list, started in the app by the user; it runs
    // by itself to 2 charged · 1 refunded, and the frame's balance ends 1 credit lower.
    const id = await confirmStarts(page);
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId('scrape-started').getByText('Reading 2 sites, 2 credits held', { exact: false }).waitFor();
    await expect(jobRows(page).first().getAttribute('data-job-id')).resolves.toBe(id);
    expect(await jobRow(page, id).getByTestId('job-status').textContent()).toMatch(/Queued|Running|Completed/);
    await expect(jobRow(page, id).getByTestId('job-started-by').textContent()).resolves.toBe('in the app · Olivia Owner');
    await jobRow(page, id).and(page.locator('[data-status="completed"]')).waitFor({ timeout: 30_000 });
    await jobRow(page, id).getByTestId('job-credits').getByText('2 charged · 1 refunded', { exact: true }).waitFor();
    await expect(jobRow(page, id).getByTestId('job-summary').textContent()).resolves.toBe('2 sites, 1 without text');
    await expect(balanceOverHttp(owner)).resolves.toBe(before - 1);
    await frameBalanceIs(page, before - 1);

    // The job's page says why a site has no text, and its Download CSV answers the sites as CSV.
    await page.goto(`${harness.url}/app/jobs/scrape/${id}`);
    const result = (domain: string) => page.locator(`[data-testid="scrape-result"][data-domain="${domain}"]`);
    await expect(result('blank.web.test').getByTestId('result-outcome').textContent()).resolves.toBe(
      'No text · the page has no readable text',
    );
    await expect(result('good.web.test').getByTestId('result-outcome').textContent()).resolves.toBe('Text');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`scrape-${id.slice(0, 8)}.csv`);
    const rows: string[][] = parse(readFileSync((await download.path())!, 'utf8'));
    expect(rows[0]).toEqual(['Domain', 'Outcome', 'Reason', 'Cached', 'Characters', 'Text']);
    expect(
      rows
        .slice(1)
        .map((row) => row.slice(0, 3))
        .sort((a, b) => a[0].localeCompare(b[0])),
    ).toEqual([
      ['blank.web.test', 'no_content', 'the page has no readable text'],
      ['good.web.test', 'ok', ''],
    ]);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('says before the price that a port in an entry is dropped, and counts one word that names no site in the singular', async () => {
    const { context, page } = await openJobsPage(harness, owner, DESKTOP);
    await page.getByRole('button', { name: 'Read websites' }).click();
    const field = dialog(page).getByRole('textbox', { name: 'Websites' });
    await field.fill('good.web.test:8080\nhttps://other.web.test:8443/about\nhttps://good.web.test:443/\nWebsite');
    await expect(dialog(page).getByTestId('scrape-entries').textContent()).resolves.toBe('3 entries; 1 word that names no site left out');
    await expect(dialog(page).getByTestId('scrape-ports').textContent()).resolves.toBe(
      '2 entries had a port (good.web.test:8080): sites are read on the standard ports, so the port is dropped.',
    );
    await field.fill('https://other.web.test:8443/ Website Company');
    await expect(dialog(page).getByTestId('scrape-entries').textContent()).resolves.toBe('1 entry; 2 words that name no site left out');
    await expect(dialog(page).getByTestId('scrape-ports').textContent()).resolves.toBe(
      '1 entry had a port (https://other.web.test:8443/): sites are read on the standard ports, so the port is dropped.',
    );
    await field.fill('good.web.test');
    await expect(dialog(page).getByTestId('scrape-ports').count()).resolves.toBe(0);
    await context.close();
  });

  it('takes the sites of a .csv file, prices them and starts them; at 390 px the modal fills the screen and fits', async () => {
    const { context, page } = await openJobsPage(harness, owner, PHONE);
    const earlier = await jobRows(page).first().getAttribute('data-job-id');
    const before = await balanceOverHttp(owner);

    await page.getByRole('button', { name: 'Read websites' }).click();
    await dialog(page)
      .getByLabel('A .txt or .csv file of websites')
      .setInputFiles({
        name: 'sites.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(SITES_CSV),
      });
    await dialog(page).getByTestId('scrape-entries').getByText('3 entries from sites.csv; 6 other cells left out').waitFor();
    await expect(dialog(page).getByRole('textbox', { name: 'Websites' }).inputValue()).resolves.toBe(
      'good.web.test\nhttps://other.web.test/\nblank.web.test',
    );
    await dialog(page).getByRole('button', { name: 'Check price' }).click();
    expect(await priceOf(page)).toEqual([
      '3 sites × 1 credit held = 3 credits',
      'Held = 3 credits',
      `Balance now = ${before} credits`,
      `Balance after = ${before - 3} credits`,
    ]);

    // Full screen on a phone, nothing wider than it, the buttons within reach.
    const box = (await dialog(page).boundingBox())!;
    expect([box.x, box.width]).toEqual([0, PHONE.width]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    const confirmBox = (await confirm(page).boundingBox())!;
    expect(confirmBox.x + confirmBox.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxeViolations(page);

    const id = await confirmStarts(page);
    await dialog(page).waitFor({ state: 'detached' });
    await expect(jobRows(page).nth(0).getAttribute('data-job-id')).resolves.toBe(id);
    await expect(jobRows(page).nth(1).getAttribute('data-job-id')).resolves.toBe(earlier);
    await jobRow(page, id).and(page.locator('[data-status="completed"]')).waitFor({ timeout: 30_000 });
    await jobRow(page, id)
      .getByTestId('job-credits')
      .getByText(/^3 charged · [12] refunded$/)
      .waitFor();
    await context.close();
  });
});
