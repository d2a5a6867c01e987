import type { Page } from 'playwright-core';
import { DESKTOP, expectNoSeriousAxeViolations, openPage, openSignedInPage, pageHeading, PHONE, screenshot } from './support/browser';
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

  const heading = pageHeading;
  const keyRow = (page: Page, name: string) =>
    page.getByTestId('api-key').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  /** GET /api/v1/credits with the key, through Node's own fetch. */
  const credits = (key: string) => fetch(`${url}/api/v1/credits`, { headers: { 'x-api-key': key } });

  /** A page of a new context signed in with the given session cookie. */
  const signedInPage = (token: string, viewport?: { width: number; height: number }) =>
    openSignedInPage(harness.browser, url, token, viewport);

  it('invite → keys page → create "n8n production", shown once, works on /api/v1 → last used and spend after a reveal → revoke → 401 at once', async () => {
    const invited = await inviteUser(harness.environment, { accountId, email: 'owner@keys.example', role: 'owner' });
    const { context, page } = await openPage(harness.browser);
    await page.goto(`${url}/app/invite/${invited.token}`);
    await page.getByLabel('Your name').waitFor();
    await expect(page.title()).resolves.toBe('Join an account · Lead Engine');
    await page.getByLabel('Your name').fill('Olivia Owner');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create my sign-in' }).click();

    // Signed in, the app opens on the Overview; API keys is the next page: the account's first key came from the CLI.
    await heading(page, 'Overview').waitFor();
    expect(['/app', '/app/']).toContain(new URL(page.url()).pathname);
    await expect(page.title()).resolves.toBe('Overview · Lead Engine');
    const nav = page.getByRole('navigation', { name: 'Pages' });
    await expect(nav.getByRole('link').first().textContent()).resolves.toBe('Overview');
    await nav.getByRole('link', { name: 'API keys', exact: true }).click();
    await heading(page, 'API keys').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/keys');
    await expect(page.title()).resolves.toBe('API keys · Lead Engine');
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
    // On a phone the line wraps between words: the address stays whole on a line of its own.
    await page.setViewportSize(PHONE);
    const addressLines = await shown.getByTestId('curl').evaluate((code) => {
      const text = code.firstChild!;
      const range = document.createRange();
      range.setStart(text, text.textContent!.indexOf('http'));
      range.setEnd(text, text.textContent!.length);
      return Array.from(range.getClientRects()).map((rect) => Math.round(rect.top));
    });
    expect(new Set(addressLines).size).toBe(1);
    await page.setViewportSize(DESKTOP);
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

  it("an owner sets a key's budgets, read-only and expiry in the app; they hold on /api/v1 at once (402), and a member cannot", async () => {
    // An account of its own: no lead of it revealed before, so a reveal's price is what the test says.
    const { accountId: limitsAccount } = await harness.createAccount('Limits Inc', 50);
    const owner = await harness.signIn({ accountId: limitsAccount, role: 'owner', name: 'Limits Owner' });
    const created = await owner.client.json<{ id: string; key: string }>('POST', '/console/api/keys', { body: { name: 'Agent to limit' } });
    expect(created.status).toBe(201);
    const reveal = (leadIds: string[]) => http(url, 'POST', '/api/v1/leads/reveal', { apiKey: created.body.key, body: { leadIds } });
    // Loaded, and cached in the engine's key lookup before the limits change.
    expect((await credits(created.body.key)).status).toBe(200);

    const { context, page } = await signedInPage(owner.client.sessionToken!);
    await page.goto(`${url}/app/keys`);
    const row = keyRow(page, 'Agent to limit');
    await row.getByRole('button', { name: 'Limits of Agent to limit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Limits of Agent to limit' });
    await dialog.getByLabel(/^Most per call/).fill('1');
    await dialog.getByLabel(/^Total budget/).fill('-3');
    await dialog.getByLabel(/^Expires/).fill('2001-01-01T00:00');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await dialog.getByText('Enter a whole number, 0 or more, or leave it empty.').waitFor();
    await dialog.getByText('Choose a time in the future.').waitFor();
    await dialog.getByLabel(/^Total budget/).fill('5');
    await dialog.getByLabel(/^Budget per day/).fill('3');
    await dialog.getByLabel(/^Expires/).fill('2099-06-30T12:00');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'key-limits', (shown) => dialog.scrollIntoViewIfNeeded().then(() => shown.waitForTimeout(0)));
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(row.getByTestId('api-key-budget').textContent()).resolves.toMatch(
      /^3 of 3 left today · 5 of 5 in total · at most 1 per call · expires .*2099/,
    );
    // The row's actions stay in view at 1280 px with the owner's Limits button.
    const actions = await row.getByRole('button', { name: 'Revoke Agent to limit' }).boundingBox();
    const region = await page.getByRole('region', { name: 'API keys table' }).boundingBox();
    expect(actions!.x + actions!.width).toBeLessThanOrEqual(region!.x + region!.width + 1);
    await screenshot(page, 'keys-owner');

    // At once on /api/v1: two new leads in one call pass the per-call budget, one passes.
    const [first, second] = FIXTURE_CONTACTS.map((contact) => contact.id!);
    const refused = await reveal([first, second]);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('BUDGET_EXCEEDED');
    expect((await reveal([first])).status).toBe(200);

    // Read-only: every paid call refused, whatever it costs; removing the limits gives the key back.
    await row.getByRole('button', { name: 'Limits of Agent to limit' }).click();
    await dialog.getByLabel('Read-only').check();
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await reveal([second])).status).toBe(402);
    await row.getByRole('button', { name: 'Limits of Agent to limit' }).click();
    await dialog.getByLabel('Read-only').uncheck();
    for (const label of [/^Total budget/, /^Budget per day/, /^Most per call/, /^Expires/]) await dialog.getByLabel(label).fill('');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(row.getByTestId('api-key-budget').textContent()).resolves.toBe('none');
    expect((await reveal([second])).status).toBe(200);
    await context.close();

    // A member sees no Limits button and is refused the route; an expiry past is refused by the engine too.
    const member = await harness.signIn({ accountId: limitsAccount, role: 'member', name: 'Limited Member' });
    const memberKey = await member.client.json<{ id: string }>('POST', '/console/api/keys', { body: { name: 'Member key' } });
    const limits = { total: 1, day: null, per_call: null, read_only: false, expires_at: null };
    const asMember = await member.client.request('PUT', `/console/api/keys/${memberKey.body.id}/limits`, { body: limits });
    expect(asMember.status).toBe(403);
    const past = await owner.client.json('PUT', `/console/api/keys/${created.body.id}/limits`, {
      body: { ...limits, expires_at: '2001-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toContain('expected a time in the future');
    const unknown = await owner.client.request('PUT', `/console/api/keys/00000000-0000-4000-8000-000000000000/limits`, { body: limits });
    expect(unknown.status).toBe(404);
    const { context: memberContext, page: memberPage } = await signedInPage(member.client.sessionToken!);
    await memberPage.goto(`${url}/app/keys`);
    await keyRow(memberPage, 'Member key').waitFor();
    await expect(memberPage.getByRole('button', { name: /^Limits of/ }).count()).resolves.toBe(0);
    await memberContext.close();
  });
});
