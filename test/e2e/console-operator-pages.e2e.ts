import { OperatorSystem, operatorSystemSchema } from '@lead-engine/contracts';
import Redis from 'ioredis';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoSeriousAxeViolations, openSignedInPage, pageHeading, PHONE, screenshot } from './support/browser';
import type { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const REFUSAL = "Only the server's operator can see this page";

describe('the operator pages at /app/operator/…, in Chromium', () => {
  const harness = useHarness({
    label: 'console_operator_pages',
    browser: true,
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let operator: SignedInUser;
  let owner: SignedInUser;

  beforeAll(async () => {
    const { accountId } = await harness.createAccount('Operated Inc');
    [operator, owner] = await Promise.all([
      // Like the demo owner: an account's owner who also runs the server.
      harness.signIn({ accountId, role: 'owner', operator: true, name: 'Opal Operator' }),
      harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' }),
    ]);
  });

  const signedInPage = (user: SignedInUser, viewport = DESKTOP) =>
    openSignedInPage(harness.browser, harness.url, user.client.sessionToken!, viewport);
  const navigation = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
  const operatorSection = (page: Page) => navigation(page).getByRole('group', { name: 'Operator' });
  const system = async (): Promise<OperatorSystem> =>
    operatorSystemSchema.parse((await operator.client.json('GET', '/console/api/operator/system')).body);
  const single = async (sql: string) => String(Object.values((await harness.query(sql))[0])[0]);
  const pageFits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('an operator finds System in the Operator section: PostgreSQL, Redis, no pending migration, and the running engine with the seeded contacts', async () => {
    // The engine's report of its lead table comes every 10 seconds: wait until it says the table is loaded.
    const reported = await until('the engine to report its loaded lead table', async () => {
      const answer = await system();
      return answer.processes.some((listed) => listed.lead_table.state === 'ready') ? answer : undefined;
    });
    const running = reported.processes.find((listed) => listed.lead_table.state === 'ready')!;
    const redis = new Redis(harness.environment.redisUrl);
    const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))![1];
    await redis.quit();

    const { context, page } = await signedInPage(operator);
    await page.goto(`${harness.url}/app`);
    await operatorSection(page).getByRole('link', { name: 'Queues' }).waitFor();
    await expect(operatorSection(page).getByRole('link').allTextContents()).resolves.toEqual(['Accounts', 'Contacts', 'System', 'Queues']);
    await operatorSection(page).getByRole('link', { name: 'System' }).click();
    await pageHeading(page, 'System').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/operator/system');
    await expect(page.title()).resolves.toBe('System · Lead Engine');

    await expect(page.getByTestId('postgres-version').textContent()).resolves.toBe(await single('SHOW server_version'));
    await expect(page.getByTestId('postgres-size').textContent()).resolves.toMatch(/^[\d.]+ (KB|MB|GB)$/);
    await expect(page.getByTestId('postgres-connections').textContent()).resolves.toMatch(
      new RegExp(`^\\d+ active, \\d+ open of ${await single('SHOW max_connections')} allowed$`),
    );
    await expect(page.getByTestId('redis-version').textContent()).resolves.toBe(redisVersion);
    await expect(page.getByTestId('redis-memory').textContent()).resolves.toMatch(/^[\d.]+ (bytes|KB|MB|GB) used(, no limit| of .+)$/);
    await expect(page.getByTestId('migrations-applied').textContent()).resolves.toBe(
      await single('SELECT count(*) FROM schema_migrations'),
    );
    await expect(page.getByTestId('migrations-pending').textContent()).resolves.toBe('none: the database is up to date');
    await expect(page.getByTestId('pending-migrations').count()).resolves.toBe(0);
    await expect(page.getByTestId('webhook-pending').textContent()).resolves.toBe('0');
    await expect(page.getByTestId('webhook-oldest').textContent()).resolves.toBe('none waiting');
    await expect(page.getByTestId('engine-version').textContent()).resolves.toBe(reported.version);

    const row = page.locator(`[data-testid="engine-process"][data-pid="${running.pid}"]`);
    await row.getByTestId('lead-table-state').getByText('Ready').waitFor();
    await expect(row.getByTestId('process-role').textContent()).resolves.toBe('API and worker');
    await expect(row.getByTestId('process-version').textContent()).resolves.toBe(running.version);
    await expect(row.getByTestId('lead-table-contacts').textContent()).resolves.toBe(String(FIXTURE_CONTACTS.length));
    await expect(row.getByTestId('lead-table-source').textContent()).resolves.toBe(
      running.lead_table.source === 'snapshot' ? 'Snapshot' : 'PostgreSQL',
    );
    await expect(row.getByTestId('process-last-seen').textContent()).resolves.toMatch(/^(just now|\d+ s ago)$/);
    await expectNoSeriousAxeViolations(page);

    // The page reads the figures again by itself, every 10 seconds.
    const refreshed = await page.waitForResponse((response) => response.url().endsWith('/console/api/operator/system'), {
      timeout: 15_000,
    });
    expect(refreshed.status()).toBe(200);
    await screenshot(page, 'operator-system');

    // At 390 px the wide table scrolls in its own region; the page does not.
    await page.setViewportSize(PHONE);
    await pageHeading(page, 'System').waitFor();
    await expect(pageFits(page)).resolves.toBe(true);
    const region = page.getByRole('region', { name: 'Engine processes table' });
    await expect(region.evaluate((element) => element.scrollWidth > element.clientWidth)).resolves.toBe(true);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it("the Queues page links to the dashboard, which opens on the operator's session", async () => {
    const { context, page } = await signedInPage(operator, PHONE);
    await page.goto(`${harness.url}/app/operator/queues`);
    await pageHeading(page, 'Queues').waitFor();
    await expect(page.title()).resolves.toBe('Queues · Lead Engine');
    await expect(pageFits(page)).resolves.toBe(true);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'operator-queues');

    const link = page.getByRole('link', { name: 'Open the queues dashboard' });
    await expect(link.getAttribute('href')).resolves.toBe('/console/queues/');
    await link.click();
    await page.getByRole('navigation').getByRole('link', { name: 'exports' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/queues/');
    await expect(page.title()).resolves.toBe('Lead Engine queues');
    await context.close();
  });

  it('an owner who is not the operator sees no Operator section, and is told so at its pages', async () => {
    const { context, page } = await signedInPage(owner);
    await page.goto(`${harness.url}/app`);
    await navigation(page).getByRole('link', { name: 'Settings' }).waitFor();
    await expect(operatorSection(page).count()).resolves.toBe(0);
    await expect(navigation(page).getByRole('link', { name: 'System' }).count()).resolves.toBe(0);

    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/console/api/operator/')) asked.push(request.url());
    });
    for (const [path, title] of [
      ['/app/operator/system', 'System'],
      ['/app/operator/queues', 'Queues'],
    ]) {
      await page.goto(`${harness.url}${path}`);
      await pageHeading(page, title).waitFor();
      await page.getByRole('alert').getByText(REFUSAL).waitFor();
      await expectNoSeriousAxeViolations(page);
    }
    await screenshot(page, 'operator-refused');
    // The page did not ask for what the engine refuses anyone but the operator.
    expect(asked).toEqual([]);
    expect((await owner.client.json('GET', '/console/api/operator/system')).status).toBe(403);
    await context.close();
  });
});
