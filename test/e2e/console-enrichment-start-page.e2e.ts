import type { EnrichmentJobStatus } from '@lead-engine/contracts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startAiWebsites } from './support/ai-fixture';
import { DESKTOP, expectNoSeriousAxeViolations, PHONE, screenshot } from './support/browser';
import { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { balanceOverHttp, frameBalanceIs, jobRow, jobRows, openJobsPage } from './support/jobs-page';
import { startJobModal } from './support/start-job-modal';

/** Three people: two at sites with text, one at a site without text, whose cells stay empty and are refunded. */
const PEOPLE_CSV = [
  'First Name,Last Name,Email,Company Website,Job Title,Company',
  'Ada,Lovelace,ada@clinicsoft.ai.test,https://www.clinicsoft.ai.test/,VP of Engineering,ClinicSoft',
  'Hank,Hauler,hank@harbor-freight.ai.test,harbor-freight.ai.test,Fleet Operations Manager,Harbor Freight Lines',
  'Eve,Empty,,empty.ai.test,CTO,Empty Inc',
].join('\n');
/** The second row names neither a website nor an email. */
const ROW_WITHOUT_SITE_CSV = ['First Name,Email,Website', 'Ada,ada@clinicsoft.ai.test,', 'Nobody,,'].join('\n');

describe('starting an enrichment from the Jobs page, in Chromium', () => {
  let websites: Awaited<ReturnType<typeof startAiWebsites>>;
  const harness = useHarness({
    label: 'console_enrichment_start_page',
    engine: 'process',
    browser: true,
    prepare: async (harness) => {
      websites = harness.stopAfterAll(await startAiWebsites());
    },
    env: () => websites.env,
  });
  let owner: SignedInUser;
  let folder: string;
  let csvPath: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'enrichment-start-page-'));
    harness.closeAfterAll(async () => rmSync(folder, { recursive: true, force: true }));
    csvPath = path.join(folder, 'people.csv');
    writeFileSync(csvPath, PEOPLE_CSV);
    const { accountId } = await harness.createAccount('Enrichment Page Inc', 100);
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  const { dialog, confirm, checkPrice, price, priceLines, quoted, confirmStarts } = startJobModal({
    title: 'Enrich a CSV',
    price: 'enrichment-price',
    quote: 'consoleQuoteEnrichment',
    start: 'consoleStartEnrichment',
  });
  const field = (page: Page, name: string) => dialog(page).getByRole('checkbox', { name, exact: true });
  const fileInput = (page: Page) => dialog(page).getByLabel('A .csv file of people or companies to enrich');
  /** The price shown: the hold in words, then each line as "what = credits". */
  const priceOf = async (page: Page) => {
    const lines = await priceLines(page);
    return [await price(page).getByTestId('enrichment-hold').textContent(), ...lines];
  };

  it('prices a CSV with three fields without holding anything, asks for a target ICP with ICP grade, re-prices after a change, and starts an enrichment that completes live and downloads', async () => {
    const { context, page } = await openJobsPage(harness, owner, DESKTOP);
    await page.getByTestId('no-jobs').waitFor();
    const before = await balanceOverHttp(owner);
    await frameBalanceIs(page, before);

    // By keyboard: the button beside "Read websites" opens the modal with the file button focused.
    await page.getByRole('button', { name: 'Enrich a CSV' }).focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Choose a CSV file…');
    // Nothing chosen: Check price says what is missing and asks nothing.
    await checkPrice(page).click();
    await dialog(page).getByText('Choose a CSV file.', { exact: true }).waitFor();
    await dialog(page).getByText('Pick at least one field.', { exact: true }).waitFor();
    await expect(confirm(page).isDisabled()).resolves.toBe(true);

    // Each field says its price.
    for (const [name, price] of [
      ['Opener', '1 credit a row'],
      ['Full email', 'free'],
      ['Company type', '2 credits a row'],
    ])
      await expect(
        field(page, name)
          .getAttribute('aria-describedby')
          .then((id) => page.locator(`[id="${id}"]`).textContent()),
      ).resolves.toBe(price);
    await fileInput(page).setInputFiles(csvPath);
    await expect(dialog(page).getByTestId('enrichment-file').textContent()).resolves.toBe('people.csv · 1 KB');
    await field(page, 'Opener').check();
    await field(page, 'Company type').check();
    await field(page, 'Full email').check();
    await expect(dialog(page).getByTestId('enrichment-fields-chosen').textContent()).resolves.toBe('3 fields chosen: 3 credits a row.');
    expect((await quoted(page)).status()).toBe(200);
    expect(await priceOf(page)).toEqual([
      '3 rows × 3 credits a row = 9 credits held',
      'Opener: 3 rows × 1 credit a row = 3 credits',
      'Full email: 3 rows × free = free',
      'Company type: 3 rows × 2 credits a row = 6 credits',
      'Held = 9 credits',
      `Balance now = ${before} credits`,
      `Balance after = ${before - 9} credits`,
    ]);
    await dialog(page)
      .getByText(/Cells left empty .* are refunded when the job ends/)
      .waitFor();
    await expect(confirm(page).isEnabled()).resolves.toBe(true);
    // Checking the price held nothing.
    await expect(balanceOverHttp(owner)).resolves.toBe(before);

    await page.mouse.move(0, 0);
    await expectNoSeriousAxeViolations(page);
    // The price at the top of the modal's view at both widths.
    await screenshot(page, 'enrichment-modal', (shown) =>
      shown.getByTestId('enrichment-price').evaluate((price) => price.scrollIntoView({ block: 'start' })),
    );

    // ICP grade needs a target ICP: the form says so at once, and Check price sends nothing but goes to the field.
    await field(page, 'ICP grade').check();
    const targetIcp = dialog(page).getByRole('textbox', { name: 'Target ICP' });
    await dialog(page).getByText('A target ICP is needed for ICP grade: say who you sell to.').waitFor();
    await expect(targetIcp.getAttribute('aria-invalid')).resolves.toBe('true');
    // Changing a field discarded the price: Confirm waits for a new check.
    await expect(dialog(page).getByTestId('enrichment-price').count()).resolves.toBe(0);
    await expect(confirm(page).isDisabled()).resolves.toBe(true);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await checkPrice(page).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(await targetIcp.getAttribute('id'));
    expect(asked.filter((pathname) => pathname.startsWith('/console/api/enrichments'))).toEqual([]);

    // Unchecking it again still leaves Confirm waiting until the price is checked again.
    await field(page, 'ICP grade').uncheck();
    await expect(dialog(page).getByText('A target ICP is needed', { exact: false }).count()).resolves.toBe(0);
    await expect(confirm(page).isDisabled()).resolves.toBe(true);
    expect((await quoted(page)).status()).toBe(200);
    expect((await priceOf(page))[0]).toBe('3 rows × 3 credits a row = 9 credits held');

    // Confirm: the modal closes and the enrichment heads the list, started in the app by the user; it runs by
    // itself to completion, charging its hold and refunding the empty site's cells; the frame's balance follows.
    const id = await confirmStarts(page);
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId('enrichment-started').getByText('Enriching 3 rows of people.csv, 9 credits held', { exact: false }).waitFor();
    await expect(jobRows(page).first().getAttribute('data-job-id')).resolves.toBe(id);
    expect(await jobRow(page, id).getByTestId('job-status').textContent()).toMatch(/Queued|Running|Completed/);
    await expect(jobRow(page, id).getByTestId('job-started-by').textContent()).resolves.toBe('in the app · Olivia Owner');
    await expect(jobRow(page, id).getByTestId('job-summary').textContent()).resolves.toBe('people.csv: 3 rows × 3 fields');
    await jobRow(page, id).and(page.locator('[data-status="completed"]')).waitFor({ timeout: 60_000 });
    const job = (await owner.client.json<EnrichmentJobStatus>('GET', `/console/api/enrichments/${id}`)).body;
    expect(job.credits_charged).toBe(9);
    // The site without text leaves its row's opener and company type empty: 3 credits back at least.
    expect(job.credits_refunded).toBeGreaterThanOrEqual(3);
    await jobRow(page, id).getByTestId('job-credits').getByText(`9 charged · ${job.credits_refunded} refunded`, { exact: true }).waitFor();
    await expect(balanceOverHttp(owner)).resolves.toBe(before - 9 + job.credits_refunded);
    await frameBalanceIs(page, before - 9 + job.credits_refunded);

    // Its CSV downloads: the input columns and one per field, a line per row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      jobRow(page, id)
        .getByRole('link', { name: /^Download CSV/ })
        .click(),
    ]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('First Name');
    for (const column of ['opener', 'custom_company_type', 'full_email']) expect(lines[0]).toContain(column);
    expect(lines[1]).toContain('Ada');
    await context.close();
  });

  it('at 390 px the modal fills the screen and fits; a file over 10 MB is refused in the browser; rows without a website or email are said in words', async () => {
    const { context, page } = await openJobsPage(harness, owner, PHONE);
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    const before = await balanceOverHttp(owner);

    await page.getByRole('button', { name: 'Enrich a CSV' }).click();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await fileInput(page).setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') });
    await dialog(page).getByText('huge.csv is 10.1 MB: one enrichment takes at most 10 MB. Split the file.').waitFor();
    await expect(dialog(page).getByTestId('enrichment-file').textContent()).resolves.toBe('No file chosen');
    expect(asked).toEqual([]);

    await fileInput(page).setInputFiles({ name: 'gaps.csv', mimeType: 'text/csv', buffer: Buffer.from(ROW_WITHOUT_SITE_CSV) });
    await field(page, 'Opener').check();
    expect((await quoted(page)).status()).toBe(400);
    await dialog(page)
      .getByRole('alert')
      .getByText(/^Every row needs a website or an email\. .*Row 2 \(counting data rows from 1\)\./)
      .waitFor();
    await expect(confirm(page).isDisabled()).resolves.toBe(true);

    await fileInput(page).setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(PEOPLE_CSV) });
    await field(page, 'Who they work with').check();
    expect((await quoted(page)).status()).toBe(200);
    expect(await priceOf(page)).toEqual([
      '3 rows × 3 credits a row = 9 credits held',
      'Opener: 3 rows × 1 credit a row = 3 credits',
      'Who they work with: 3 rows × 2 credits a row = 6 credits',
      'Held = 9 credits',
      `Balance now = ${before} credits`,
      `Balance after = ${before - 9} credits`,
    ]);

    // Full screen on a phone, nothing wider than it, the buttons within reach.
    const box = (await dialog(page).boundingBox())!;
    expect([box.x, box.width]).toEqual([0, PHONE.width]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await confirm(page).scrollIntoViewIfNeeded();
    const confirmBox = (await confirm(page).boundingBox())!;
    expect(confirmBox.x + confirmBox.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
