import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, expectNoSeriousAxeViolations, openSignedInPage, PHONE, screenshot } from './support/browser';
import { SignedInUser } from './support/console-session';
import { expectExcelTwin } from './support/csv-for-excel';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';

const contact = (n: number) => FIXTURE_CONTACTS[n - 1];
// One story through the pages with an export job: a budget a loaded machine running other suites beside it cannot exhaust.
const STORY_BUDGET_MS = 240_000;

describe('Revealed leads at /app/leads/revealed, in Chromium', () => {
  const harness = useHarness({
    label: 'console_revealed_page',
    engine: 'process',
    browser: true,
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let url: string;
  let accountId: string;
  let owner: SignedInUser;

  beforeAll(async () => {
    url = harness.url;
    ({ accountId } = await harness.createAccount('Revealed Page Inc', 100));
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  const signedInPage = (viewport = DESKTOP, user = owner) => openSignedInPage(harness.browser, url, user.client.sessionToken!, viewport);
  const balance = async () => Number((await harness.query('SELECT balance FROM accounts WHERE id = $1', [accountId]))[0].balance);
  const rows = (page: Page) => page.getByTestId('revealed-row');
  const idsOn = (page: Page) => rows(page).evaluateAll((all) => all.map((row) => row.getAttribute('data-lead-id')));
  const totalIs = (page: Page, total: number) =>
    page
      .getByTestId('revealed-total')
      .getByText(`${total} ${total === 1 ? 'lead' : 'leads'}`, { exact: true })
      .waitFor();
  const downloaded = async (page: Page, link: Locator) => {
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const bytes = readFileSync((await download.path())!);
    return {
      name: download.suggestedFilename(),
      bytes,
      lines: bytes.toString('utf8').trim().split('\r\n'),
    };
  };

  it(
    'reveal 3 → reload → they are on Revealed leads with who and when; an export skips them and says where they are; the CSV is free',
    async () => {
      const { context, page } = await signedInPage();
      try {
        // Reveal three on Find leads, in the app.
        await page.goto(`${url}/app/leads`);
        const masked = page.getByTestId('lead-row');
        await masked.first().waitFor();
        for (const n of [1, 4, 6])
          await page
            .locator(`[data-testid="lead-row"][data-lead-id="${fixtureId(n)}"]`)
            .getByRole('checkbox')
            .check();
        await page.getByRole('button', { name: 'Reveal', exact: true }).click();
        const reveal = page.getByRole('dialog', { name: 'Reveal 3 leads' });
        await reveal.getByText('3 new leads × 1 credit').waitFor();
        await reveal.getByRole('button', { name: 'Confirm' }).click();
        await reveal.waitFor({ state: 'detached' });
        await page.getByTestId('balance').getByText('97 credits').waitFor();

        // Reload: the panel is gone; the tab beside Find leads has them, in full, with who and when.
        await page.reload();
        await masked.first().waitFor();
        await page.getByRole('navigation', { name: 'Leads views' }).getByRole('link', { name: 'Revealed leads' }).click();
        await page.getByRole('heading', { level: 1, name: 'Revealed leads' }).waitFor();
        await totalIs(page, 3);
        expect((await idsOn(page)).sort()).toEqual([1, 4, 6].map(fixtureId).sort());
        await expect(page.getByTestId('revealed-email').allTextContents()).resolves.toEqual(
          expect.arrayContaining([contact(1).email, contact(4).email, contact(6).email]),
        );
        await expect(page.getByTestId('revealed-by').allTextContents()).resolves.toEqual(Array(3).fill('Olivia Owner (in the app)'));
        await expect(page.getByTestId('revealed-through').allTextContents()).resolves.toEqual(['Reveal', 'Reveal', 'Reveal']);
        const when = await page.getByTestId('revealed-at').locator('time').first().getAttribute('datetime');
        expect(Date.now() - Date.parse(when!)).toBeLessThan(STORY_BUDGET_MS);
        await expect(page.getByRole('link', { name: 'Revealed leads' }).getAttribute('aria-current')).resolves.toBe('page');

        // Export all matches, 5 rows: the three are skipped, and the dialog says where they are.
        await page.getByRole('link', { name: 'Find leads' }).click();
        await masked.first().waitFor();
        await page.getByRole('button', { name: 'Export all matches' }).click();
        const exporting = page.getByRole('dialog', { name: 'Export all matches' });
        await exporting.getByLabel('Rows').fill('5');
        await exporting.getByText('skipped: already yours').waitFor();
        await exporting.getByRole('link', { name: 'Revealed leads' }).waitFor();
        await exporting.getByRole('button', { name: 'Confirm' }).click();
        await exporting.locator('[data-testid="export-status"][data-status="completed"]').waitFor({ timeout: STORY_BUDGET_MS });
        await exporting.getByRole('button', { name: 'Close' }).first().click();
        await exporting.waitFor({ state: 'detached' });
        await page.getByTestId('balance').getByText('92 credits').waitFor();

        // Its job page says what happened to the ones already yours, with links to them.
        const [job] = await harness.query('SELECT id FROM exports WHERE account_id = $1 ORDER BY created_at DESC LIMIT 1', [accountId]);
        await page.goto(`${url}/app/jobs/export/${job.id}`);
        await page
          .getByTestId('export-skipped')
          .getByText(/skipped: not delivered again and not charged/)
          .waitFor();
        await page.getByTestId('export-revealed-link').click();
        await page.getByTestId('reference-filter').waitFor();
        await totalIs(page, 5);
        await expect(page.getByTestId('revealed-through').allTextContents()).resolves.toEqual(Array(5).fill('Export'));

        // All of them, 8, as CSV: free, the balance unchanged.
        await page.getByRole('button', { name: 'Show every revealed lead' }).click();
        await totalIs(page, 8);
        const before = await balance();
        const all = await downloaded(page, page.getByTestId('revealed-all-csv'));
        expect(all.name).toMatch(/^revealed-leads-\d{4}-\d{2}-\d{2}\.csv$/);
        expect(all.lines).toHaveLength(9);
        expect(all.lines[0]).toMatch(
          /^First Name,Last Name,Email,.*,Email Status,Revealed At,Revealed Through,Export Id,Revealed By,API Key$/,
        );
        for (const n of [1, 4, 6]) expect(all.lines.some((line) => line.includes(contact(n).email))).toBe(true);
        expectExcelTwin(all.bytes, (await downloaded(page, page.getByTestId('revealed-all-csv-excel'))).bytes);
        expect(await balance()).toBe(before);

        // Chosen ones, built in the browser with the same columns; none chosen, nothing to download.
        await expect(page.getByTestId('revealed-selected-csv').isDisabled()).resolves.toBe(true);
        expect(await page.getByTestId('revealed-selected-csv-excel').count()).toBe(0);
        await rows(page).nth(0).getByRole('checkbox').check();
        await rows(page).nth(7).getByRole('checkbox').check();
        const chosen = await downloaded(page, page.getByTestId('revealed-selected-csv'));
        expect(chosen.lines).toHaveLength(3);
        expect(chosen.lines[0]).toBe(all.lines[0]);
        expect(chosen.lines.slice(1)).toEqual([all.lines[1], all.lines[8]]);
        expectExcelTwin(chosen.bytes, (await downloaded(page, page.getByTestId('revealed-selected-csv-excel'))).bytes);

        // A filter and the text search narrow them.
        await page.getByLabel('Name, company or email').fill('müller');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await totalIs(page, 1);
        expect(await idsOn(page)).toEqual([fixtureId(6)]);
        await expect(balance()).resolves.toBe(before);

        // Usage links the reveal and the export to their leads.
        await page.goto(`${url}/app/usage`);
        const links = page.getByTestId('usage-revealed-link');
        await links.first().waitFor();
        expect(await links.count()).toBe(2);
        await links.last().click();
        await page.getByRole('heading', { level: 1, name: 'Revealed leads' }).waitFor();
        await page.getByTestId('reference-filter').getByText('Only the leads of one reveal.').waitFor();
        await totalIs(page, 3);
      } finally {
        await context.close();
      }
    },
    STORY_BUDGET_MS,
  );

  it('is accessible and fits at 1280 and 390 px', async () => {
    const other = await harness.createAccount('Revealed Page Axe', 10);
    const user = await harness.signIn({ accountId: other.accountId, role: 'member', name: 'Max Member' });
    const revealed = await http(url, 'POST', '/api/v1/leads/reveal', { apiKey: other.apiKey, body: { leadIds: [2, 3].map(fixtureId) } });
    expect(revealed.status).toBe(200);
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await signedInPage(viewport, user);
      try {
        await page.goto(`${url}/app/leads/revealed`);
        await rows(page).first().waitFor();
        await expectNoSeriousAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (viewport === DESKTOP) await screenshot(page, 'revealed-leads');
      } finally {
        await context.close();
      }
    }
  });
});
