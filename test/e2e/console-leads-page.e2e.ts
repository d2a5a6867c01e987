import type { MeResponse, SavedSearchList } from '@lead-engine/contracts';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, expectNoSeriousAxeViolations, openSignedInPage, pageHeading, PHONE, screenshot } from './support/browser';
import { SignedInUser } from './support/console-session';
import { expectExcelTwin } from './support/csv-for-excel';
import { useHarness } from './support/harness';
import { countIs } from './support/lead-count';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { SeedContact, seedLeads } from './support/seed-leads';

/** 40 more engineers at acme.io (Computer Software), after the fixture's 8 contacts: 44 at acme.io, two pages of 25. */
const MORE_ENGINEERS: SeedContact[] = Array.from({ length: 40 }, (_, index) => ({
  id: fixtureId(100 + index),
  company: 'acme.io',
  first: `Engineer${index}`,
  last: 'Example',
  email: `engineer${index}@acme.io`,
  phone: null,
  title: 'Software Engineer',
  seniority: 'Senior',
  department: 'Engineering',
  country: 'US',
}));
const ACME_CONTACTS = 44;
const ALL_CONTACTS = FIXTURE_CONTACTS.length + MORE_ENGINEERS.length;
/** Browse order is seed order: the first three acme.io contacts. */
const [ZOE, ANA, BOB] = [1, 2, 3].map((n) => FIXTURE_CONTACTS.find((contact) => contact.id === fixtureId(n))!);

describe('the Leads page at /app/leads, in Chromium', () => {
  const harness = useHarness({
    label: 'console_leads_page',
    engine: 'process',
    browser: true,
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, [...FIXTURE_CONTACTS, ...MORE_ENGINEERS]),
  });
  let url: string;
  let owner: SignedInUser;

  beforeAll(async () => {
    url = harness.url;
    const { accountId } = await harness.createAccount('Leads Page Inc', 100);
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  const signedInPage = (user: SignedInUser, viewport = DESKTOP) =>
    openSignedInPage(harness.browser, url, user.client.sessionToken!, viewport);
  const heading = pageHeading;
  const balanceOverHttp = async () => (await owner.client.json<MeResponse>('GET', '/console/api/me')).body.account!.balance;
  const rows = (page: Page) => page.getByTestId('lead-row');
  /** The masked table shows this many rows and is not loading. */
  const rowsAre = (page: Page, count: number) =>
    page.waitForFunction(
      (expected) =>
        document.querySelectorAll('[data-testid="lead-row"]').length === expected &&
        document.querySelector('[aria-label="Masked leads"]')?.getAttribute('aria-busy') === 'false',
      count,
    );
  const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
  const downloadedLines = async (page: Page, link: Locator) => {
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const bytes = readFileSync((await download.path())!);
    return { name: download.suggestedFilename(), bytes, lines: bytes.toString('utf8').trim().split('\r\n') };
  };

  // One story through the page (about 50 s on an idle machine, with its export job): a budget a loaded machine
  // running other suites beside it cannot exhaust.
  const STORY_BUDGET_MS = 240_000;

  it(
    'filters with counts, a count that follows them and the URL, paging, columns, a reveal confirmed at its price, an export, saved searches',
    async () => {
      const { context, page } = await signedInPage(owner);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
      await page.goto(`${url}/app`);
      await heading(page, 'Overview').waitFor();
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Leads', exact: true }).click();
      await heading(page, 'Leads').waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/leads');
      await countIs(page, ALL_CONTACTS);
      await rowsAre(page, 25);

      // At 1280 px the useful columns are in view without scrolling sideways; what does not fit scrolls.
      const inView = await page.getByRole('region', { name: 'Leads table' }).evaluate((region) => {
        const right = region.getBoundingClientRect().right;
        return Array.from(region.querySelectorAll('th[scope="col"]'))
          .filter((header) => header.getBoundingClientRect().right <= right + 1)
          .map((header) => header.textContent?.trim());
      });
      expect(inView).toEqual(expect.arrayContaining(['Name', 'Job title', 'Company', 'Location', 'Company size', 'Email']));

      // The industry's options show how many contacts carry each value.
      await page.getByRole('combobox', { name: 'Industry', exact: true }).click();
      const software = page.getByRole('option').filter({ hasText: 'Computer Software' });
      await expect(software.getByTestId('filter-option-count').textContent()).resolves.toBe(`${ACME_CONTACTS} contacts`);
      await expect(
        page.getByRole('option').filter({ hasText: 'Government Administration' }).getByTestId('filter-option-count').textContent(),
      ).resolves.toBe('2 contacts');
      await expectNoSeriousAxeViolations(page);
      await software.click();
      await page.keyboard.press('Escape');
      await countIs(page, ACME_CONTACTS);
      expect(JSON.parse(searchParam(page, 'industry')!)).toEqual(['Computer Software']);
      await expect(page.getByTestId('firmographic-total').textContent()).resolves.toMatch(
        /^44 leads at companies matching the company filters/,
      );

      // A keyword: said in words with its effect; a title that matches no one: what narrowed the count to 0.
      await page.getByLabel('Include keywords').fill('cloud');
      await page.getByLabel('Include keywords').press('Enter');
      await page
        .getByTestId('keyword-effects')
        .getByText('“cloud” is in the description of the companies of 44 leads within the other filters')
        .waitFor();
      expect(JSON.parse(searchParam(page, 'includeKeywords')!)).toEqual(['cloud']);
      await page.getByLabel('Job titles').fill('astronaut');
      await page.getByLabel('Job titles').press('Enter');
      await countIs(page, 0);
      await expect(page.getByTestId('narrowed-by').textContent()).resolves.toBe(
        'Most were removed by the job titles: without it, 44 leads would match; with it, 0.',
      );
      await page.getByRole('button', { name: 'Remove astronaut' }).click();
      await countIs(page, ACME_CONTACTS);
      expect(searchParam(page, 'jobTitles')).toBeNull();

      // The URL is the search: a reload restores the filters and the count.
      await page.reload();
      await heading(page, 'Leads').waitFor();
      await countIs(page, ACME_CONTACTS);
      const filters = page.getByRole('search', { name: 'Filter the leads' });
      await filters.getByText('Computer Software', { exact: true }).waitFor();
      await filters.getByText('cloud', { exact: true }).waitFor();

      // Paging: 44 rows, 25 a page; page 2 by Next, page 1 by its number.
      await rowsAre(page, 25);
      await expect(page.getByTestId('page-summary').textContent()).resolves.toBe('Page 1 of 2 · 44 leads to browse');
      await page.getByRole('button', { name: 'Next' }).click();
      await rowsAre(page, ACME_CONTACTS - 25);
      expect(searchParam(page, 'page')).toBe('2');
      await expect(page.getByTestId('page-summary').textContent()).resolves.toBe('Page 2 of 2 · 44 leads to browse');
      await page.getByLabel('Page number').fill('1');
      await page.getByLabel('Page number').press('Enter');
      await rowsAre(page, 25);
      expect(searchParam(page, 'page')).toBeNull();

      // Column choice hides a column, and is remembered.
      const emailHeader = page.getByRole('columnheader', { name: 'Email', exact: true });
      await emailHeader.waitFor();
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('checkbox', { name: 'Email', exact: true }).uncheck();
      await emailHeader.waitFor({ state: 'detached' });
      await expect(rows(page).first().getByTestId('lead-email').count()).resolves.toBe(0);
      await page.keyboard.press('Escape');
      await page.reload();
      await rowsAre(page, 25);
      await expect(emailHeader.count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
      await emailHeader.waitFor();
      await page.keyboard.press('Escape');
      await expect(rows(page).first().getByTestId('lead-email').textContent()).resolves.toMatch(/^z\*+@\*+\.io$/);

      // A second tab at the same search selects Zoë and Bob now, to reveal them after this tab revealed Zoë and Ana.
      const second = await context.newPage();
      await second.goto(page.url());
      await rowsAre(second, 25);
      await rows(second).nth(0).getByRole('checkbox').check();
      await rows(second).nth(2).getByRole('checkbox').check();
      expect(await rows(second).evaluateAll((all) => [all[0], all[2]].map((row) => row.getAttribute('data-lead-id')))).toEqual([
        ZOE.id,
        BOB.id,
      ]);

      // Select two → Reveal: the price and the balance after; nothing is charged before Confirm.
      await rows(page).nth(0).getByRole('checkbox').check();
      await rows(page).nth(1).getByRole('checkbox').check();
      await expect(page.getByTestId('selected-count').textContent()).resolves.toBe('2 selected');
      await page.getByRole('button', { name: 'Reveal', exact: true }).click();
      const reveal = page.getByRole('dialog', { name: 'Reveal 2 leads' });
      await reveal.getByTestId('cost').waitFor();
      await reveal.getByText('2 new leads × 1 credit').waitFor();
      await reveal.getByText('0 already revealed').waitFor();
      await expect(reveal.getByTestId('cost-total').textContent()).resolves.toBe('2 credits');
      await expect(reveal.getByTestId('balance-after').textContent()).resolves.toBe('98 credits');
      await expect(balanceOverHttp()).resolves.toBe(100);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'leads-reveal');
      await expect(balanceOverHttp()).resolves.toBe(100);

      // Confirm: the two leads in full, the frame's balance down by 2, and their CSV.
      await reveal.getByRole('button', { name: 'Confirm' }).click();
      await reveal.waitFor({ state: 'detached' });
      const revealed = page.getByTestId('revealed-leads');
      await expect(revealed.getByTestId('revealed-email').allTextContents()).resolves.toEqual([ZOE.email, ANA.email]);
      await page.getByTestId('balance').getByText('98 credits').waitFor();
      await expect(balanceOverHttp()).resolves.toBe(98);
      await expect(page.getByTestId('selected-count').textContent()).resolves.toBe('0 selected');
      // Browse leaves revealed leads out.
      await rowsAre(page, 25);
      await expect(rows(page).first().getAttribute('data-lead-id')).resolves.toBe(BOB.id);
      const csv = await downloadedLines(page, revealed.getByRole('button', { name: 'Download CSV' }));
      expect(csv.name).toMatch(/^lead-engine-reveal-\d{4}-\d{2}-\d{2}-2\.csv$/);
      expect(csv.lines[0]).toBe(
        'First Name,Last Name,Email,Phone,Company,Domain,Job Title,Seniority,Department,Industry,Country,State,City,Company Size,LinkedIn,Email Status',
      );
      expect(csv.lines.slice(1)).toEqual([
        `Zoë,Smith,${ZOE.email},+1 415 555 0101,"Acme, ""Cloud"" Inc.",acme.io,Chief Technology Officer,C-Suite,Engineering,Computer Software,United States,CA,San Francisco,51 to 100,https://www.linkedin.com/in/zoë,unknown`,
        `Ana,Cto,${ANA.email},,"Acme, ""Cloud"" Inc.",acme.io,CTO,C-Suite,Engineering,Computer Software,United States,CA,San Francisco,51 to 100,https://www.linkedin.com/in/ana,unknown`,
      ]);
      // For Excel: the same file behind the UTF-8 mark, so that Zoë is not mangled.
      expectExcelTwin(csv.bytes, (await downloadedLines(page, revealed.getByRole('button', { name: 'CSV for Excel' }))).bytes);
      await expectNoSeriousAxeViolations(page);

      // The second tab: Zoë again and Bob, new: 1 credit.
      await second.getByRole('button', { name: 'Reveal', exact: true }).click();
      const again = second.getByRole('dialog', { name: 'Reveal 2 leads' });
      await again.getByText('1 new lead × 1 credit').waitFor();
      await again.getByText('1 already revealed').waitFor();
      await expect(again.getByTestId('cost-total').textContent()).resolves.toBe('1 credit');
      await expect(again.getByTestId('balance-after').textContent()).resolves.toBe('97 credits');
      await again.getByRole('button', { name: 'Confirm' }).click();
      await again.waitFor({ state: 'detached' });
      await expect(second.getByTestId('revealed-email').allTextContents()).resolves.toEqual([ZOE.email, BOB.email]);
      await expect(second.getByTestId('reveal-summary').textContent()).resolves.toContain('1 new, 1 already revealed; 1 credit charged');
      await expect(balanceOverHttp()).resolves.toBe(97);
      await second.close();

      // Export all matches, limit 3: the price, Confirm, live status to completed, then its CSV.
      await page.reload();
      await countIs(page, ACME_CONTACTS);
      await page.getByRole('button', { name: 'Export all matches' }).click();
      const exporting = page.getByRole('dialog', { name: 'Export all matches' });
      await expect(exporting.getByLabel('Rows').inputValue()).resolves.toBe(String(ACME_CONTACTS));
      await exporting.getByLabel('Rows').fill('3');
      await exporting.getByText('3 new rows × 1 credit').waitFor();
      await exporting.getByText('3 skipped: already yours').waitFor();
      await expect(exporting.getByTestId('cost-total').textContent()).resolves.toBe('3 credits');
      await expect(exporting.getByTestId('balance-after').textContent()).resolves.toBe('94 credits');
      await expectNoSeriousAxeViolations(page);
      await expect(balanceOverHttp()).resolves.toBe(97);
      await exporting.getByRole('button', { name: 'Confirm' }).click();
      await exporting.locator('[data-testid="export-status"][data-status="completed"]').waitFor({ timeout: 60_000 });
      await expect(exporting.getByTestId('export-state').textContent()).resolves.toBe('Completed: 3 of 3 rows');
      const exported = await downloadedLines(page, exporting.getByRole('link', { name: 'Download CSV' }));
      expect(exported.lines).toHaveLength(4);
      // The export's columns are the reveal's file's, which adds the API's email status.
      expect(`${exported.lines[0]},Email Status`).toBe(csv.lines[0]);
      await page.getByTestId('balance').getByText('94 credits').waitFor();
      await expect(balanceOverHttp()).resolves.toBe(94);
      await exporting.getByRole('button', { name: 'Close' }).first().click();
      await exporting.waitFor({ state: 'detached' });

      // Copy link copies the page's URL.
      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(page.url());

      // Saved searches: save, open it from the menu on a page without filters, rename, delete.
      const searchUrl = page.url();
      await page.getByRole('button', { name: 'Saved searches' }).click();
      await page.getByRole('button', { name: 'Save this search…' }).click();
      const save = page.getByRole('dialog', { name: 'Save this search' });
      await expectNoSeriousAxeViolations(page);
      await save.getByLabel(/^Name/).fill('Software with cloud');
      await save.getByRole('button', { name: 'Save search' }).click();
      await save.waitFor({ state: 'detached' });
      await page.goto(`${url}/app/leads`);
      await countIs(page, ALL_CONTACTS);
      await page.reload();
      await countIs(page, ALL_CONTACTS);
      await page.getByRole('button', { name: 'Saved searches' }).click();
      await page.getByTestId('saved-search').filter({ hasText: 'Software with cloud' }).click();
      await countIs(page, ACME_CONTACTS);
      expect(JSON.parse(searchParam(page, 'industry')!)).toEqual(['Computer Software']);
      expect(JSON.parse(searchParam(page, 'includeKeywords')!)).toEqual(['cloud']);
      expect(page.url()).toBe(searchUrl);

      await page.getByRole('button', { name: 'Saved searches' }).click();
      await page.getByRole('button', { name: 'Rename or delete…' }).click();
      const manage = page.getByRole('dialog', { name: 'Saved searches' });
      await manage.getByRole('button', { name: 'Rename Software with cloud' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename Software with cloud' });
      await rename.getByLabel(/^Name/).fill('Cloud software');
      await rename.getByRole('button', { name: 'Save name' }).click();
      await manage.getByRole('button', { name: 'Delete Cloud software' }).click();
      const remove = page.getByRole('dialog', { name: 'Delete saved search' });
      await remove.getByText('Delete the saved search Cloud software?').waitFor();
      await expectNoSeriousAxeViolations(page);
      await remove.getByRole('button', { name: 'Delete search' }).click();
      await manage.getByText('No saved searches.').waitFor();
      await expect(owner.client.json<SavedSearchList>('GET', '/console/api/saved-searches')).resolves.toMatchObject({
        body: { searches: [] },
      });
      await manage.getByRole('button', { name: 'Done' }).click();
      await manage.waitFor({ state: 'detached' });

      await page.mouse.move(1000, 700);
      await rowsAre(page, 25);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'leads');
      await context.close();
    },
    STORY_BUDGET_MS,
  );

  it('at 390 px the filters open in a dialog, each lead is a card, and nothing scrolls sideways', async () => {
    const { context, page } = await signedInPage(owner, PHONE);
    await page.goto(`${url}/app/leads?industry=${encodeURIComponent('["Computer Software"]')}`);
    await heading(page, 'Leads').waitFor();
    // The count includes revealed leads; the table leaves them out.
    await countIs(page, ACME_CONTACTS);
    await rowsAre(page, 25);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    const company = rows(page).first().getByTestId('lead-companyName');
    const box = await company.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await expect(company.evaluate((cell) => getComputedStyle(cell, '::before').content)).resolves.toBe('"Company: "');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Filters (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByText('Computer Software', { exact: true }).waitFor();
    await dialog.getByRole('combobox', { name: 'Seniority', exact: true }).click();
    await page.getByRole('option').filter({ hasText: 'C-Suite' }).click();
    await page.keyboard.press('Tab');
    await countIs(page, 2);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Show 2 leads' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
