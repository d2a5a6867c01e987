import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations, openPage, PHONE, screenshot } from './support/browser';
import { inviteUser } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';

const PASSWORD = 'correct horse battery staple';

describe('the API keys page at /app/keys, in Chromium', () => {
  const harness = useHarness({
    label: 'console_keys',
    engine: 'process',
    browser: true,
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
    // Last use flushed to PostgreSQL every 500 ms instead of every minute, so the page can show it soon.
    env: { API_KEY_LAST_USED_FLUSH_MS: '500' },
  });
  let url: string;
  let accountId: string;

  beforeAll(async () => {
    url = harness.url;
    ({ accountId } = await harness.createAccount('Keys Inc', 500));
  });

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
  const keyRow = (page: Page, name: string) =>
    page.getByTestId('api-key').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  /** GET /api/v1/credits with the key, through Node's own fetch. */
  const credits = (key: string) => fetch(`${url}/api/v1/credits`, { headers: { 'x-api-key': key } });

  /** A page of a new context signed in with the given session cookie. */
  async function signedInPage(
    token: string,
    viewport?: { width: number; height: number },
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await openPage(harness.browser, viewport);
    await opened.context.addCookies([{ name: 'le_session', value: token, url }]);
    return opened;
  }

  it('invite → keys page → create "n8n production", shown once, works on /api/v1 → last used and spend after a reveal → revoke → 401 at once', async () => {
    const invited = await inviteUser(harness.environment, { accountId, email: 'owner@keys.example', role: 'owner' });
    const { context, page } = await openPage(harness.browser);
    await page.goto(`${url}/app/invite/${invited.token}`);
    await page.getByLabel('Your name').fill('Olivia Owner');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create my sign-in' }).click();

    // Signed in, the app opens on the Overview; API keys is the next page: the account's first key came from the CLI.
    await heading(page, 'Overview').waitFor();
    expect(['/app', '/app/']).toContain(new URL(page.url()).pathname);
    const nav = page.getByRole('navigation', { name: 'Pages' });
    await expect(nav.getByRole('link').first().textContent()).resolves.toBe('Overview');
    await nav.getByRole('link', { name: 'API keys', exact: true }).click();
    await heading(page, 'API keys').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/keys');
    await expect(page.getByTestId('api-key').count()).resolves.toBe(1);
    await expect(page.getByTestId('api-key-created').first().textContent()).resolves.toContain('by CLI');

    // Create: name required, then the key shown once with its curl line.
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.waitFor();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Enter a name of 1 to 100 characters.').waitFor();
    await dialog.getByLabel(/^Name/).fill('  n8n production  ');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText('It will not be shown again').waitFor();
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^le_live_[A-Za-z0-9_-]{43}$/);
    expect(await shown.getByTestId('curl').textContent()).toMatch(new RegExp(`^curl -H "X-API-Key: ${key}" http://[^ ]+/api/v1/credits$`));
    await shown.getByRole('button', { name: 'Copy key' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    const balance = await credits(key);
    expect(balance.status).toBe(200);
    await expect(balance.json()).resolves.toMatchObject({ balance: 500 });

    // Closing forgets the key: the list refreshes, and the key is nowhere in the page or its storage.
    await shown.getByRole('button', { name: 'I have stored the key' }).click();
    await shown.waitFor({ state: 'detached' });
    const row = keyRow(page, 'n8n production');
    await row.waitFor();
    await expect(row.getByTestId('api-key-created').textContent()).resolves.toContain('by Olivia Owner');
    await expect(row.textContent()).resolves.toContain(key.slice(0, 20));
    const kept = await page.evaluate(() =>
      JSON.stringify([document.documentElement.outerHTML, { ...localStorage }, { ...sessionStorage }]),
    );
    expect(kept).not.toContain(key.slice(20));

    // A reveal of 3 leads made with the key: once its last use is flushed, the page shows it and the 3 credits.
    const revealed = await http(url, 'POST', '/api/v1/leads/reveal', {
      apiKey: key,
      body: { leadIds: FIXTURE_CONTACTS.slice(0, 3).map((contact) => contact.id) },
    });
    expect(revealed.status).toBe(200);
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.reload();
      await row.waitFor();
      const lastUsed = (await row.getByTestId('api-key-last-used').textContent()) ?? '';
      const spent = (await row.getByTestId('api-key-spent').textContent()) ?? '';
      if (lastUsed !== 'never' && spent === '3') break;
      if (Date.now() > deadline) throw new Error(`the page still shows last used "${lastUsed}" and spent "${spent}" after 60 s`);
      await page.waitForTimeout(500);
    }
    await expect(row.getByTestId('api-key-last-used').textContent()).resolves.toMatch(/just now|minute/);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'keys');

    // A fresh load of the keys page, signed in: how long until the list is shown.
    const token = (await context.cookies()).find((cookie) => cookie.name === 'le_session')!.value;
    const { context: timed, page: fresh } = await signedInPage(token);
    const startedAt = Date.now();
    await fresh.goto(`${url}/app/keys`);
    await keyRow(fresh, 'n8n production').waitFor();
    console.log(`the keys list was shown ${Date.now() - startedAt} ms after navigation to /app/keys (Chromium, fresh context)`);
    await timed.close();

    // Revoke, confirmed by name: /api/v1 refuses the key at once.
    await row.getByRole('button', { name: 'Revoke n8n production' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByText('Revoke n8n production? Requests with it will fail at once.').waitFor();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await row.waitFor({ state: 'detached' });
    const refused = await credits(key);
    expect(refused.status).toBe(401);
    await expect(page.getByTestId('api-key').count()).resolves.toBe(1);
    await context.close();
  });

  it('shows a member only the keys they created, renames one, and works at 390 px', async () => {
    const member = await harness.signIn({ accountId, role: 'member', name: 'Max Member' });
    const created = await member.client.json('POST', '/console/api/keys', { body: { name: 'Member sync' } });
    expect(created.status).toBe(201);
    const { context, page } = await signedInPage(member.client.sessionToken!, PHONE);
    await page.goto(`${url}/app/keys`);
    await heading(page, 'API keys').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/keys');
    const row = keyRow(page, 'Member sync');
    await row.waitFor();
    await expect(page.getByTestId('api-key').count()).resolves.toBe(1);
    await expect(row.getByTestId('api-key-last-used').textContent()).resolves.toBe('never');
    await expect(row.getByTestId('api-key-created').textContent()).resolves.toContain('by Max Member');

    // At 390 px each key is a card: nothing scrolls sideways, every fact is named, and its buttons are in view.
    const fits = await page.getByRole('region', { name: 'API keys table' }).evaluate((box) => ({
      box: box.scrollWidth <= box.clientWidth,
      page: document.documentElement.scrollWidth <= window.innerWidth,
      sizes: [box.scrollWidth, box.clientWidth, document.documentElement.scrollWidth, window.innerWidth],
    }));
    expect(fits).toMatchObject({ box: true, page: true });
    const revoke = await row.getByRole('button', { name: 'Revoke Member sync' }).boundingBox();
    expect(revoke!.x + revoke!.width).toBeLessThanOrEqual(PHONE.width);
    await expect(row.getByTestId('api-key-spent').evaluate((cell) => getComputedStyle(cell, '::before').content)).resolves.toBe(
      '"Credits, 30 days: "',
    );
    await row.getByRole('button', { name: 'Rename Member sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Member sync' });
    await dialog.getByLabel(/^Name/).fill('Member nightly sync');
    await dialog.getByLabel(/^Name/).press('Enter');
    await keyRow(page, 'Member nightly sync').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'keys-member');
    await context.close();
  });

  it("shows a key's budget in a line of its own, and still fits at 390 px", async () => {
    const created = await harness.operator([
      'keys:create',
      '--account',
      accountId,
      '--name',
      'Agent with a budget',
      '--budget-day',
      '100',
      '--budget-total',
      '1000',
      '--max-per-call',
      '50',
      '--read-only',
      '--expires',
      '2099-01-01T00:00:00Z',
    ]);
    expect(created.code).toBe(0);
    const owner = await harness.signIn({ accountId, role: 'owner', name: 'Budget Owner' });
    for (const viewport of [undefined, PHONE]) {
      const { context, page } = await signedInPage(owner.client.sessionToken!, viewport);
      await page.goto(`${url}/app/keys`);
      const row = keyRow(page, 'Agent with a budget');
      await row.waitFor();
      const budget = await row.getByTestId('api-key-budget').textContent();
      expect(budget).toMatch(/^100 of 100 left today · 1,000 of 1,000 in total · at most 50 per call · read-only · expires .*2099/);
      const unlimited = page
        .getByTestId('api-key')
        .filter({ hasNot: page.getByText('left today') })
        .first();
      await expect(unlimited.getByTestId('api-key-budget').textContent()).resolves.toBe('none');
      if (viewport) {
        const fits = await page.getByRole('region', { name: 'API keys table' }).evaluate((box) => ({
          box: box.scrollWidth <= box.clientWidth,
          page: document.documentElement.scrollWidth <= window.innerWidth,
        }));
        expect(fits).toEqual({ box: true, page: true });
        await expect(row.getByTestId('api-key-budget').evaluate((cell) => getComputedStyle(cell, '::before').content)).resolves.toBe(
          '"Budget: "',
        );
      }
      await expectNoSeriousAxeViolations(page);
      await context.close();
    }
  });
});
