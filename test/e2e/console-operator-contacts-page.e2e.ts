import { operatorContactsSchema } from '@lead-engine/contracts';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  animationsSettled,
  DESKTOP,
  expectNoSeriousAxeViolations,
  openSignedInPage,
  pageHeading,
  PHONE,
  screenshot,
} from './support/browser';
import type { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { countIs } from './support/lead-count';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const REFUSAL = "Only the server's operator can see this page";
const HEADER = 'id,first_name,last_name,email,job_title,company_name,company_domain,country_code,industry';
const row = (first: string, email: string, domain: string, country: string) =>
  [randomUUID(), first, 'Tester', email, 'Head of Sales', `${domain} Ltd`, domain, country, 'Software'].join(',');
/** Five data rows: line 3 has no email and line 5 too few columns; the other three are new contacts, two in France. */
const TWO_BAD_ROWS = [
  HEADER,
  row('Ada', 'ada@alpha-upload.example', 'alpha-upload.example', 'FR'),
  row('Ben', '', 'alpha-upload.example', 'FR'),
  row('Cy', 'cy@beta-upload.example', 'beta-upload.example', 'FR'),
  'not,enough,columns',
  row('Dee', 'dee@beta-upload.example', 'beta-upload.example', 'DE'),
].join('\r\n');

describe('the operator Contacts page at /app/operator/contacts, in Chromium', () => {
  const harness = useHarness({
    label: 'console_operator_contacts_page',
    browser: true,
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let operator: SignedInUser;
  let owner: SignedInUser;

  beforeAll(async () => {
    const { accountId } = await harness.createAccount('Contacts Operated Inc');
    [operator, owner] = await Promise.all([
      harness.signIn({ accountId, role: 'owner', operator: true, name: 'Opal Operator' }),
      harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' }),
    ]);
  });

  const signedInPage = (user: SignedInUser, viewport = DESKTOP) =>
    openSignedInPage(harness.browser, harness.url, user.client.sessionToken!, viewport);
  const navigation = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
  const operatorSection = (page: Page) => navigation(page).getByRole('group', { name: 'Operator' });
  const pageFits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const totalOverHttp = async () =>
    operatorContactsSchema.parse((await operator.client.json('GET', '/console/api/operator/contacts')).body).total;
  const totalShown = (page: Page, total: number) =>
    page.getByTestId('contacts-total').getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();
  const chooseFile = (page: Page, name: string, text: string) =>
    page
      .getByTestId('import-csv')
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  const statusWords = (page: Page) => page.getByRole('status').and(page.getByTestId('import-status-words'));
  /** Every text the import's live status line shows from now on, in order. */
  const recordStatusWords = (page: Page) =>
    page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusWordsSeen: string[] }).statusWordsSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="import-status-words"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  const statusWordsSeen = (page: Page) => page.evaluate(() => (window as unknown as { statusWordsSeen: string[] }).statusWordsSeen);
  const rejectionsShown = (page: Page) =>
    page
      .getByTestId('rejection')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('[data-testid="rejection-line"]')?.textContent,
          row.querySelector('[data-testid="rejection-reason"]')?.textContent,
        ]),
      );

  it('an operator uploads a CSV with two bad rows: progress, the counts, the rejected lines, and the new contacts in the totals and on Leads', async () => {
    // The engine has loaded its lead table with the seeded contacts.
    const before = await until('the lead table to hold the seeded contacts', async () =>
      (await totalOverHttp()) === FIXTURE_CONTACTS.length ? FIXTURE_CONTACTS.length : undefined,
    );
    const { context, page } = await signedInPage(operator);
    await page.goto(`${harness.url}/app`);
    await operatorSection(page).getByRole('link', { name: 'Contacts' }).waitFor();
    await expect(operatorSection(page).getByRole('link').allTextContents()).resolves.toEqual(['Accounts', 'Contacts', 'System', 'Queues']);
    await operatorSection(page).getByRole('link', { name: 'Contacts' }).click();
    await pageHeading(page, 'Contacts').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/operator/contacts');
    await expect(page.title()).resolves.toBe('Contacts · Lead Engine');
    await totalShown(page, before);
    const unitedStates = page.getByTestId('by-country').locator('[data-value="US"]');
    await expect(unitedStates.textContent()).resolves.toBe(
      `United States (US)${FIXTURE_CONTACTS.filter((contact) => contact.country === 'US').length}`,
    );
    await page.getByTestId('no-imports').waitFor();

    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByTestId('import-csv').getByText('Choose a CSV file to import.').waitFor();
    await chooseFile(page, 'two-bad-rows.csv', TWO_BAD_ROWS);
    await recordStatusWords(page);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL((url) => url.searchParams.has('import'));
    const importId = new URL(page.url()).searchParams.get('import')!;
    const details = page.getByRole('region', { name: 'Import', exact: true });
    await expect(details.getByTestId('import-source').textContent()).resolves.toBe('two-bad-rows.csv');
    const progress = details.getByRole('progressbar', { name: 'Progress of two-bad-rows.csv' });
    await progress.waitFor({ state: 'attached' });

    const finished = 'Completed: 5 rows read, 3 imported, 0 updated, 2 rejected.';
    await statusWords(page).getByText(finished).waitFor({ timeout: 60_000 });
    // The page followed the import from its 202 answer to its end without being reloaded.
    const seen = await statusWordsSeen(page);
    expect(['Queued: waiting for a worker to start it.', 'Running.']).toContain(seen[0]);
    expect(seen.at(-1)).toBe(finished);
    await expect(progress.getAttribute('aria-valuenow')).resolves.toBe('100');
    const bytes = Buffer.byteLength(TWO_BAD_ROWS);
    await expect(details.getByTestId('import-progress-words').textContent()).resolves.toBe(`${bytes} bytes of ${bytes} bytes read`);
    await expect(details.getByTestId('import-status').textContent()).resolves.toBe('Completed');
    for (const [count, shown] of [
      ['rows-read', '5'],
      ['imported', '3'],
      ['updated', '0'],
      ['rejected', '2'],
    ])
      await expect(details.getByTestId(`import-${count}`).textContent()).resolves.toBe(shown);
    await expect(details.getByTestId('rejections-shown').textContent()).resolves.toBe(
      'The 2 rejected rows, by line of the file (the header is line 1):',
    );
    await expect(rejectionsShown(page)).resolves.toEqual([
      ['3', 'missing email'],
      ['5', 'wrong column count: expected 9 fields, got 3'],
    ]);
    const listed = page.locator(`[data-testid="recent-import"][data-import-id="${importId}"]`);
    await listed.getByText('Completed').waitFor();
    await expect(listed.getByTestId('recent-import-source').textContent()).resolves.toBe('two-bad-rows.csv');
    await expect(listed.getByTestId('recent-import-imported').textContent()).resolves.toBe('3');
    await expect(listed.getByTestId('recent-import-rejected').textContent()).resolves.toBe('2');
    await listed.getByText(operator.email).waitFor();

    // The lead table takes the three in within seconds: the totals follow by themselves.
    await totalShown(page, before + 3);
    await expect(page.getByTestId('by-country').locator('[data-value="FR"]').textContent()).resolves.toBe('France (FR)2');

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Leads', exact: true }).click();
    await pageHeading(page, 'Leads').waitFor();
    await countIs(page, before + 3);

    // Back on the page, the import is in the list and opens again with its rejected rows.
    await operatorSection(page).getByRole('link', { name: 'Contacts' }).click();
    await pageHeading(page, 'Contacts').waitFor();
    expect(new URL(page.url()).searchParams.has('import')).toBe(false);
    await expect(page.getByRole('region', { name: 'Import', exact: true }).count()).resolves.toBe(0);
    await listed.getByRole('link', { name: 'two-bad-rows.csv' }).click();
    await page.waitForURL((url) => url.searchParams.get('import') === importId);
    await statusWords(page).getByText(finished).waitFor();
    await expect(rejectionsShown(page)).resolves.toHaveLength(2);
    await page.reload();
    await statusWords(page).getByText(finished).waitFor();
    await expect(rejectionsShown(page)).resolves.toHaveLength(2);

    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(PHONE);
    await pageHeading(page, 'Contacts').waitFor();
    await animationsSettled(page);
    await expect(pageFits(page)).resolves.toBe(true);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'operator-contacts');
    await context.close();
  });

  it('refuses in words a file whose header lacks required columns, and starts nothing', async () => {
    const { context, page } = await signedInPage(operator, PHONE);
    await page.goto(`${harness.url}/app/operator/contacts`);
    await pageHeading(page, 'Contacts').waitFor();
    await page.getByTestId('recent-import').first().waitFor();
    const importsBefore = await page.getByTestId('recent-import').count();

    await chooseFile(page, 'names-only.csv', 'first_name,last_name\nAda,Tester\n');
    await page.getByRole('button', { name: 'Import' }).click();
    const refusal = page.getByRole('alert').and(page.getByTestId('import-refused'));
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toBe(
      'This file cannot be imported: The header row is missing required columns: email, job_title, company_name, company_domain, country_code ' +
        '(required: first_name, last_name, email, job_title, company_name, company_domain, country_code). Nothing was kept.',
    );
    expect(new URL(page.url()).searchParams.has('import')).toBe(false);
    await expect(page.getByTestId('recent-import').count()).resolves.toBe(importsBefore);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('says so when more rows were rejected than the 1,000 listed', async () => {
    const { context, page } = await signedInPage(operator);
    await page.goto(`${harness.url}/app/operator/contacts`);
    await pageHeading(page, 'Contacts').waitFor();
    const rows = Array.from({ length: 1002 }, (_, index) => `only,${index}`);
    await chooseFile(page, 'all-bad.csv', [HEADER, ...rows].join('\n'));
    await page.getByRole('button', { name: 'Import' }).click();
    await statusWords(page).getByText('Completed: 1,002 rows read, 0 imported, 0 updated, 1,002 rejected.').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('rejections-shown').textContent()).resolves.toBe(
      'The first 1,000 of 1,002 rejected rows, in file order (at most 1,000 are kept):',
    );
    await expect(page.getByTestId('rejection').count()).resolves.toBe(1000);
    await expect(page.getByTestId('rejection-line').last().textContent()).resolves.toBe('1,001');
    await context.close();
  });

  it('generates 200 synthetic contacts and shows the generation to its end', async () => {
    const before = await totalOverHttp();
    const { context, page } = await signedInPage(operator);
    await page.goto(`${harness.url}/app/operator/contacts`);
    await pageHeading(page, 'Contacts').waitFor();
    const generating = page.getByRole('region', { name: 'Generate synthetic contacts' });
    await generating.getByRole('textbox', { name: 'Contacts to generate' }).fill('200');
    await generating.getByRole('textbox', { name: 'Seed (optional)' }).fill('4242');
    await generating.getByRole('button', { name: 'Generate' }).click();
    await page.waitForURL((url) => url.searchParams.has('import'));
    const details = page.getByRole('region', { name: 'Import', exact: true });
    await expect(details.getByTestId('import-source').textContent()).resolves.toBe('Generated 200');
    await details.getByRole('progressbar', { name: 'Progress of Generated 200' }).waitFor({ state: 'attached' });
    await statusWords(page).getByText('Completed: 200 rows read, 200 imported, 0 updated, 0 rejected.').waitFor({ timeout: 60_000 });
    await expect(details.getByTestId('import-progress-words').textContent()).resolves.toBe('200 of 200 contacts written');
    await details.getByText('seed 4242', { exact: false }).waitFor();
    await expect(details.getByTestId('rejection').count()).resolves.toBe(0);
    const listed = page.getByTestId('recent-import').first();
    await expect(listed.getByTestId('recent-import-source').textContent()).resolves.toBe('Generated 200');
    await listed.getByText('Completed').waitFor();
    await totalShown(page, before + 200);
    await context.close();
  });

  it('an owner who is not the operator sees no Contacts link, and is told so at the page', async () => {
    const { context, page } = await signedInPage(owner);
    await page.goto(`${harness.url}/app`);
    await navigation(page).getByRole('link', { name: 'Settings' }).waitFor();
    await expect(operatorSection(page).count()).resolves.toBe(0);
    await expect(navigation(page).getByRole('link', { name: 'Contacts' }).count()).resolves.toBe(0);

    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/console/api/operator/')) asked.push(request.url());
    });
    await page.goto(`${harness.url}/app/operator/contacts`);
    await pageHeading(page, 'Contacts').waitFor();
    await page.getByRole('alert').getByText(REFUSAL).waitFor();
    await expect(page.getByRole('button', { name: 'Import' }).count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page);
    expect(asked).toEqual([]);
    expect((await owner.client.json('GET', '/console/api/operator/contacts')).status).toBe(403);
    await context.close();
  });
});
