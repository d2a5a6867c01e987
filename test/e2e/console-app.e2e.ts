import { readFileSync } from 'node:fs';
import { get as httpGet, IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expectNoSeriousAxeViolations, openPage, PHONE, screenshot } from './support/browser';
import { ConsoleClient, inviteUser } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';

const PASSWORD = 'correct horse battery staple';

describe('the app at /app, served by the engine and used in Chromium', () => {
  // The built engine, as `npm start` runs it: it serves the build from apps/engine/dist.
  const harness = useHarness({ label: 'console_app', engine: 'process', browser: true });
  let url: string;

  beforeAll(() => {
    url = harness.url;
  });

  describe('serving', () => {
    it('answers index.html for every page under /app/, uncached, under the app’s own Content-Security-Policy', async () => {
      for (const pathname of ['/app', '/app/', '/app/settings', '/app/no/such/page?x=1']) {
        const page = await http(url, 'GET', pathname);
        expect([pathname, page.status]).toEqual([pathname, 200]);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(page.text).toContain('<div id="root"></div>');
        expect(page.headers.get('cache-control')).toBe('no-cache');
        const csp = page.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(csp).not.toContain("'unsafe-inline'; script");
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
        expect(page.headers.get('referrer-policy')).toBe('no-referrer');
        expect(page.headers.get('strict-transport-security')).toBeNull();
      }
    });

    it('serves the fingerprinted assets cached immutable, and 404 for an unknown one', async () => {
      const index = await http(url, 'GET', '/app/');
      const assets = [...index.text.matchAll(/(?:src|href)="(\/app\/assets\/[^"]+)"/g)].map((match) => match[1]);
      expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
      for (const asset of assets) {
        const file = await http(url, 'GET', asset);
        expect([asset, file.status]).toEqual([asset, 200]);
        expect(file.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
        expect(file.headers.get('content-security-policy')).toContain("default-src 'self'");
      }
      expect((await http(url, 'GET', '/app/assets/no-such-file-0000.js')).status).toBe(404);
    });

    it('sends each script and stylesheet compressed at build, brotli or gzip as the browser asks, the same bytes once decoded', async () => {
      const index = await http(url, 'GET', '/app/');
      const assets = [...index.text.matchAll(/(?:src|href)="(\/app\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
      let compressedAssets = 0;
      for (const asset of assets) {
        const plain = await fetchRaw(asset, undefined);
        expect([asset, plain.status, plain.headers['content-encoding']]).toEqual([asset, 200, undefined]);
        if (plain.body.length < 1024) {
          // Too small to gain from it: sent as it is, whatever the browser accepts.
          expect((await fetchRaw(asset, 'br, gzip')).headers['content-encoding']).toBeUndefined();
          continue;
        }
        compressedAssets++;
        for (const [accepted, encoding, decode] of [
          ['br, gzip', 'br', brotliDecompressSync],
          ['gzip', 'gzip', gunzipSync],
          ['gzip, deflate, br', 'br', brotliDecompressSync],
        ] as const) {
          const compressed = await fetchRaw(asset, accepted);
          expect([asset, accepted, compressed.status, compressed.headers['content-encoding']]).toEqual([asset, accepted, 200, encoding]);
          expect(compressed.headers.vary).toMatch(/accept-encoding/i);
          expect(compressed.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
          expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
          expect(decode(compressed.body).equals(plain.body)).toBe(true);
        }
      }
      // The app's code and its stylesheet at least.
      expect(compressedAssets).toBeGreaterThanOrEqual(2);
    });

    /** One GET with exactly this Accept-Encoding (none when undefined), its body as sent: fetch would ask for and decode it itself. */
    const fetchRaw = (target: string, acceptEncoding: string | undefined) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = httpGet(`${url}${target}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        });
        request.on('error', reject);
      });

    it('sends GET / to the app, and leaves the API and /docs their own headers', async () => {
      const root = await fetch(`${url}/`, { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe('/app/');
      const api = await http(url, 'GET', '/health');
      expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      const docs = await http(url, 'GET', '/docs');
      expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(docs.headers.get('content-security-policy')).not.toContain("connect-src 'self'; default");
    });
  });
  describe('in Chromium', () => {
    let accountId: string;

    beforeAll(async () => {
      accountId = (await harness.createAccount('Acme Research', 500)).accountId;
    });

    /** Collects what the page's Content-Security-Policy refused. */
    async function watchPolicy(page: Page): Promise<string[]> {
      const refused: string[] = [];
      await page.exposeFunction('reportViolation', (violation: string) => refused.push(violation));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { reportViolation: (violation: string) => void }).reportViolation(
            `${event.violatedDirective} ${event.blockedURI}`,
          ),
        );
      });
      return refused;
    }

    const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

    it('invite link → name and password → signed in on the Overview, then Settings with the account and balance; rename; sign out; sign in returns to the page asked for', async () => {
      const invited = await inviteUser(harness.environment, { accountId, email: 'ada@example.com', role: 'owner' });
      const { context, page } = await openPage(harness.browser);
      const refused = await watchPolicy(page);

      await page.goto(`${url}/app/invite/${invited.token}`);
      await expect(page.getByLabel(/^Email/).inputValue()).resolves.toBe('ada@example.com');
      await page.getByText('Acme Research', { exact: false }).first().waitFor();
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'invite');

      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByLabel(/^Password/).fill('short');
      await page.getByRole('button', { name: 'Create my sign-in' }).click();
      await page.getByText('Use at least 10 characters.').waitFor();
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create my sign-in' }).click();

      // Signed in, the app opens on the Overview (console-usage-page.e2e.ts tests that page); Settings is in the navigation.
      await heading(page, 'Overview').waitFor();
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Settings' }).click();
      await heading(page, 'Settings').waitFor();
      // The pointer leaves the link and its highlight settles before axe measures its contrast.
      await page.mouse.move(1000, 700);
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/app/settings');
      const frame = page.getByTestId('account-summary');
      await expect(frame.textContent()).resolves.toContain('Acme Research');
      await expect(page.getByTestId('balance').textContent()).resolves.toBe('500 credits');
      await expect(page.getByLabel(/^Name/).inputValue()).resolves.toBe('Ada Lovelace');
      await page.getByTestId('session').filter({ hasText: 'This session' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'settings');

      // The limit shows while typing and typing stops at it; a long name is cut in the frame, whole on hover.
      const nameField = page.getByLabel(/^Name/);
      await expect(page.getByTestId('name-length').textContent()).resolves.toBe('12 / 100');
      await nameField.fill('W'.repeat(150));
      await expect(nameField.inputValue()).resolves.toBe('W'.repeat(100));
      await expect(page.getByTestId('name-length').textContent()).resolves.toBe('100 / 100');
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByText('Your name is saved.').waitFor();
      const shownName = page.locator(`[data-testid="user-name"][title="${'W'.repeat(100)}"]`);
      await shownName.waitFor();
      const cut = await shownName.evaluate((element) => ({
        overflow: element.scrollWidth > element.clientWidth,
        ellipsis: getComputedStyle(element).textOverflow,
      }));
      expect(cut).toEqual({ overflow: true, ellipsis: 'ellipsis' });
      // An invisible right-to-left override is refused in the engine's words, before anything is sent.
      await nameField.fill('Ada\u202EKing');
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByText('Names cannot contain invisible or right-to-left control characters (found U+202E)').waitFor();
      await expectNoSeriousAxeViolations(page);

      await page.getByLabel(/^Name/).fill('Ada King');
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByText('Your name is saved.').waitFor();
      await page.getByRole('navigation', { name: 'Pages' }).getByText('Ada King').waitFor();

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await heading(page, 'Sign in').waitFor();

      await page.goto(`${url}/app/settings`);
      await heading(page, 'Sign in').waitFor();
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings');
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'sign-in');

      await page.getByLabel(/^Email/).fill('ada@example.com');
      await page.getByLabel(/^Password/).fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('The email or password is not correct.').waitFor();
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await heading(page, 'Settings').waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/settings');
      await expect(page.getByLabel(/^Name/).inputValue()).resolves.toBe('Ada King');

      // A fresh load of Settings, signed in: how long until it is shown, and how much JavaScript it took.
      const { context: timed, page: fresh } = await openPage(harness.browser);
      await timed.addCookies(await context.cookies());
      const scripts: Promise<number>[] = [];
      fresh.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      });
      const startedAt = Date.now();
      await fresh.goto(`${url}/app/settings`);
      await heading(fresh, 'Settings').waitFor();
      await fresh.getByTestId('session').first().waitFor();
      const shownMs = Date.now() - startedAt;
      const gzipBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
      console.log(
        `Settings shown ${shownMs} ms after navigation (Chromium, fresh context); its first load took ${(gzipBytes / 1024).toFixed(1)} KB of JavaScript gzipped in ${scripts.length} files`,
      );
      expect(gzipBytes).toBeLessThanOrEqual(250 * 1024);
      await timed.close();

      expect(refused).toEqual([]);
      await context.close();
    });

    it('says plainly when an invite link was used or is unknown, and what to do', async () => {
      const { client } = await harness.signIn({ accountId, role: 'member' });
      expect(client.sessionToken).toBeTruthy();
      const used = await inviteUser(harness.environment, { accountId, role: 'member' });
      await new ConsoleClient(url).json('POST', `/console/api/invites/${used.token}`, { body: { name: 'Grace', password: PASSWORD } });

      const { context, page } = await openPage(harness.browser);
      for (const token of [used.token, 'no-such-invite-token']) {
        await page.goto(`${url}/app/invite/${token}`);
        await heading(page, 'This link cannot be used').waitFor();
        await page.getByText('already used, has expired or is unknown').waitFor();
        await page.getByText('for a new link').waitFor();
      }
      await expectNoSeriousAxeViolations(page);
      await context.close();
    });

    it('the pages without a session never ask who is signed in, and signing in never returns to the sign-in page', async () => {
      const user = await harness.signIn({ accountId, role: 'member', password: PASSWORD });
      const { context, page } = await openPage(harness.browser);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/console/api/me') asked.push(page.url());
      });
      await page.goto(`${url}/app/invite/no-such-invite-token`);
      await heading(page, 'This link cannot be used').waitFor();
      await page.goto(`${url}/app/sign-in?redirect=${encodeURIComponent('/sign-in?redirect=%2Fkeys')}`);
      await heading(page, 'Sign in').waitFor();
      expect(asked).toEqual([]);

      await page.getByLabel(/^Email/).fill(user.email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await heading(page, 'Overview').waitFor();
      expect(new URL(page.url()).pathname).not.toContain('sign-in');
      await context.close();
    });

    it('lists sessions, ends another one, and sends a page whose session ended elsewhere to sign-in', async () => {
      const user = await harness.signIn({ accountId, role: 'member', password: PASSWORD });
      const { context, page } = await openPage(harness.browser, PHONE);
      await page.goto(`${url}/app/sign-in?redirect=%2Fsettings`);
      await page.getByLabel(/^Email/).fill(user.email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await heading(page, 'Settings').waitFor();

      // At 390 px the navigation is behind the burger; the balance stays in view.
      await expect(page.getByTestId('balance').isVisible()).resolves.toBe(true);
      const burger = page.getByRole('button', { name: 'Open navigation' });
      await burger.click();
      await expect(page.getByRole('button', { name: 'Sign out', exact: true }).isVisible()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Close navigation' }).click();

      const sessions = page.getByTestId('session');
      await expect(sessions.count()).resolves.toBe(2);
      await sessions
        .filter({ hasNotText: 'This session' })
        .getByRole('button', { name: /^End the session/ })
        .click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="session"]').length === 1);
      expect((await user.client.json('GET', '/console/api/me')).status).toBe(401);

      // This page's session ends elsewhere: its next request sends it to sign-in, and back afterwards.
      const token = (await context.cookies()).find((cookie) => cookie.name === 'le_session')!.value;
      expect((await new ConsoleClient(url, token).request('DELETE', '/console/api/session')).status).toBe(204);
      await page.getByLabel(/^Name/).fill('Someone Else');
      await page.getByRole('button', { name: 'Save name' }).click();
      await heading(page, 'Sign in').waitFor();
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings');
      await context.close();
    });

    it('tells how long to wait once sign-in is throttled', async () => {
      const { context, page } = await openPage(harness.browser);
      await page.goto(`${url}/app/sign-in`);
      await page.getByLabel(/^Email/).fill('throttled@example.com');
      for (let attempt = 1; attempt <= 6; attempt++) {
        await page.getByLabel(/^Password/).fill(`wrong password ${attempt}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':not([data-loading])')).waitFor();
      }
      await page
        .getByRole('alert')
        .getByText(/Too many attempts\. Try again in \d+ (seconds|minutes?)\./)
        .waitFor();
      await context.close();
    });
  });
});
