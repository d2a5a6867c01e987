import type { SavedSearchList } from '@lead-engine/contracts';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoSeriousAxeViolations, openSignedInPage, pageHeading, PHONE } from './support/browser';
import { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { countIs } from './support/lead-count';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { SeedCompany, SeedContact, seedLeads } from './support/seed-leads';

/** A company with more contacts than fit three digits, in an industry of its own: its option count reads "1,234". */
const BULK_COMPANY: SeedCompany = {
  domain: 'bulk.example',
  name: 'Bulk Staffing GmbH',
  size: '1001 to 5000',
  industry: 'Information Technology and Services',
  type: 'private',
  revenue: '$10M-50M',
  description: 'Staffing for logistics',
};
const BULK_CONTACTS: SeedContact[] = Array.from({ length: 1234 }, (_, index) => ({
  id: fixtureId(1000 + index),
  company: BULK_COMPANY.domain,
  first: `Bulk${index}`,
  last: 'Example',
  email: `bulk${index}@bulk.example`,
  phone: null,
  title: 'Recruiter',
  seniority: 'Entry',
  department: 'Human Resources',
  country: 'DE',
}));
const ALL_CONTACTS = FIXTURE_CONTACTS.length + BULK_CONTACTS.length;
const ACME_CONTACTS = FIXTURE_CONTACTS.filter((contact) => contact.company === 'acme.io').length;

describe('saved searches and filter counts on the Leads page, in Chromium', () => {
  const harness = useHarness({
    label: 'console_saved_searches_page',
    engine: 'process',
    browser: true,
    prepare: (harness) => seedLeads(harness.environment, [...FIXTURE_COMPANIES, BULK_COMPANY], [...FIXTURE_CONTACTS, ...BULK_CONTACTS]),
  });
  let url: string;
  let owner: SignedInUser;

  beforeAll(async () => {
    url = harness.url;
    const { accountId } = await harness.createAccount('Saved Searches Page Inc', 0);
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  const signedInPage = (user: SignedInUser, viewport = DESKTOP) =>
    openSignedInPage(harness.browser, url, user.client.sessionToken!, viewport);
  const heading = pageHeading;
  /** The option count's text, and whether it shows whole: nothing of it cut by its box or the option's. */
  const optionCount = (page: Page, industry: string) =>
    page
      .getByRole('option')
      .filter({ hasText: industry })
      .getByTestId('filter-option-count')
      .evaluate((count) => {
        const option = count.closest('[role="option"]')!.getBoundingClientRect();
        const box = count.getBoundingClientRect();
        return {
          text: count.textContent,
          whole: count.scrollWidth <= count.clientWidth && box.right <= option.right + 0.5 && box.height < 24,
        };
      });

  it('saved searches: a taken name said under the field, the open one marked until a filter changes, long names cut with …; "1 contact" and counts shown whole', async () => {
    const longName = `${'Very long saved search name '.repeat(4)}`.slice(0, 99) + 'Z';
    expect(longName).toHaveLength(100);
    const created: string[] = [];
    for (const [name, filters] of [
      ['Berlin CTOs', { industryNames: ['Computer Software'] }],
      [longName, { countryCodes: ['DE'] }],
    ] as const) {
      const response = await owner.client.json<{ id: string }>('POST', '/console/api/saved-searches', { body: { name, filters } });
      expect(response.status).toBe(201);
      created.push(response.body.id);
    }
    const { context, page } = await signedInPage(owner);
    await page.goto(`${url}/app/leads`);
    await heading(page, 'Leads').waitFor();
    await countIs(page, ALL_CONTACTS);

    // One contact is "1 contact"; a four-digit count shows whole beside a long industry name.
    await page.getByRole('combobox', { name: 'Industry', exact: true }).click();
    await expect(optionCount(page, 'Higher Education')).resolves.toEqual({ text: '1 contact', whole: true });
    await expect(optionCount(page, 'Information Technology and Services')).resolves.toEqual({ text: '1,234 contacts', whole: true });
    await page.keyboard.press('Escape');

    // The long name is cut with … and whole on hover; nothing is open on a page without filters.
    const menu = page.getByTestId('saved-searches');
    const entry = (name: string) => menu.getByTestId('saved-search').filter({ hasText: name.slice(0, 20) });
    await page.getByRole('button', { name: 'Saved searches' }).click();
    await expect(entry(longName).getAttribute('title')).resolves.toBe(longName);
    await expect(
      entry(longName)
        .getByTestId('saved-search-name')
        .evaluate((name) => ({ ellipsis: getComputedStyle(name).textOverflow, cut: name.scrollWidth > name.clientWidth })),
    ).resolves.toEqual({ ellipsis: 'ellipsis', cut: true });
    await expect(menu.locator('[aria-current]').count()).resolves.toBe(0);

    // Opened, it is marked in the menu and named by the page; a changed filter unmarks it.
    await entry('Berlin CTOs').click();
    await countIs(page, ACME_CONTACTS);
    await expect(page.getByTestId('open-saved-search').textContent()).resolves.toBe('Saved search: Berlin CTOs');
    await page.getByRole('button', { name: 'Saved searches' }).click();
    await expect(entry('Berlin CTOs').getAttribute('aria-current')).resolves.toBe('true');
    await menu.getByRole('button', { name: 'Berlin CTOs (open)' }).waitFor();
    await expect(menu.locator('[aria-current]').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('checkbox', { name: /^Exact match/ }).check();
    await page.waitForFunction(() => new URL(window.location.href).searchParams.has('exactMatch'));
    await page.getByTestId('open-saved-search').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Saved searches' }).click();
    await expect(menu.locator('[aria-current]').count()).resolves.toBe(0);

    // Saving under a taken name, in other letters, says so under the name field; nothing is saved.
    const takenWords = 'A saved search with this name already exists; choose another name.';
    await page.getByRole('button', { name: 'Save this search…' }).click();
    const save = page.getByRole('dialog', { name: 'Save this search' });
    await save.getByLabel(/^Name/).fill('berlin ctos');
    await save.getByRole('button', { name: 'Save search' }).click();
    const saveError = save.getByText(takenWords);
    await saveError.waitFor();
    await expect(save.getByLabel(/^Name/).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(save.getByRole('alert').count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page);
    await save.getByLabel(/^Name/).fill('berlin ctos, exact');
    await saveError.waitFor({ state: 'detached' });
    await save.getByRole('button', { name: 'Cancel' }).click();
    await save.waitFor({ state: 'detached' });

    // Renaming onto another search's name too.
    await page.getByRole('button', { name: 'Saved searches' }).click();
    await page.getByRole('button', { name: 'Rename or delete…' }).click();
    const manage = page.getByRole('dialog', { name: 'Saved searches' });
    await manage.getByRole('button', { name: `Rename ${longName}` }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${longName}` });
    await rename.getByLabel(/^Name/).fill('BERLIN CTOs');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await rename.getByText(takenWords).waitFor();
    await expect(owner.client.json<SavedSearchList>('GET', '/console/api/saved-searches')).resolves.toMatchObject({
      body: { searches: [{ name: 'Berlin CTOs' }, { name: longName }] },
    });
    await context.close();
    for (const id of created) expect((await owner.client.request('DELETE', `/console/api/saved-searches/${id}`)).status).toBe(204);
  });

  it('at 390 px an industry option’s count shows whole too', async () => {
    const { context, page } = await signedInPage(owner, PHONE);
    await page.goto(`${url}/app/leads`);
    await heading(page, 'Leads').waitFor();
    await countIs(page, ALL_CONTACTS);
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('combobox', { name: 'Industry', exact: true }).click();
    await expect(optionCount(page, 'Information Technology and Services')).resolves.toEqual({ text: '1,234 contacts', whole: true });
    await expect(optionCount(page, 'Non-Profit Organization Management')).resolves.toEqual({ text: '1 contact', whole: true });
    await context.close();
  });
});
