import type { ExportJob } from '@lead-engine/contracts';
import type { Page } from 'playwright-core';
import { openPage, openSignedInPage, screenshot } from './support/browser';
import type { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const DASHBOARD = '/console/queues/';
const DASHBOARD_API = '/console/queues/api/queues';
const DASHBOARD_ASSET = '/console/queues/static/favicon-32x32.png';

interface BoardJob {
  id: string;
  failedReason?: string;
}
interface BoardQueue {
  name: string;
  counts: Record<string, number>;
  jobs: BoardJob[];
}

describe('the queues dashboard at /console/queues/: Bull Board for the operator only', () => {
  const harness = useHarness({
    label: 'queues_dashboard',
    browser: true,
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let apiKey: string;
  let owner: SignedInUser;
  let member: SignedInUser;
  let operator: SignedInUser;

  const cookieOf = (user: SignedInUser) => `le_session=${user.client.sessionToken}`;
  const get = (path: string, headers: Record<string, string> = {}) => http(harness.url, 'GET', path, { headers });
  /** The dashboard's own API as its page calls it, with the operator's session. */
  const board = async (query: string): Promise<BoardQueue[]> => {
    const answer = await get(`${DASHBOARD_API}?${query}`, { cookie: cookieOf(operator) });
    expect(answer.status).toBe(200);
    return answer.body.queues;
  };
  const exportsQueue = async (status: string) =>
    (await board(`activeQueue=exports&status=${status}&page=1&jobsPerPage=50`)).find((queue) => queue.name === 'exports')!;

  const exportDone = (id: string) =>
    until(`export ${id} finished`, async () => {
      const job = (await http<ExportJob>(harness.url, 'GET', `/api/v1/leads/exports/${id}`, { apiKey })).body;
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    });
  const startExport = async () => {
    const started = await http(harness.url, 'POST', '/api/v1/leads/exports', { apiKey, body: { limit: 2 } });
    expect(started.status).toBe(202);
    return started.body.job_id as string;
  };

  beforeAll(async () => {
    const account = await harness.createAccount('Queues Inc', 100);
    apiKey = account.apiKey;
    [owner, member, operator] = await Promise.all([
      harness.signIn({ accountId: account.accountId, role: 'owner', name: 'Olivia Owner' }),
      harness.signIn({ accountId: account.accountId, role: 'member', name: 'Max Member' }),
      harness.signIn({ operator: true, name: 'Opal Operator' }),
    ]);
  });

  it('without a session: a browser opening the page is sent to sign in; the page, its API and its assets answer 401 SESSION_REQUIRED otherwise', async () => {
    const navigation = await fetch(`${harness.url}${DASHBOARD}`, { headers: { accept: 'text/html,*/*' }, redirect: 'manual' });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get('location')).toBe('/app/sign-in?redirect=%2Fconsole%2Fqueues%2F');
    for (const path of [DASHBOARD, '/console/queues', '/console/queues/queue/exports', DASHBOARD_API, DASHBOARD_ASSET]) {
      const answer = await get(path, { accept: '*/*' });
      expect([path, answer.status, answer.body.code]).toEqual([path, 401, 'SESSION_REQUIRED']);
    }
    const refused = await http(harness.url, 'PUT', '/console/queues/api/queues/exports/retry/failed', { headers: { origin: harness.url } });
    expect([refused.status, refused.body.code]).toEqual([401, 'SESSION_REQUIRED']);
  });

  it('a signed-in owner or member is not the operator: 403 FORBIDDEN on the page, its API and its assets', async () => {
    for (const user of [owner, member]) {
      for (const path of [DASHBOARD, DASHBOARD_API, DASHBOARD_ASSET]) {
        const answer = await get(path, { cookie: cookieOf(user), accept: 'text/html,*/*' });
        expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'FORBIDDEN']);
      }
      const retry = await http(harness.url, 'PUT', '/console/queues/api/queues/exports/retry/failed', {
        headers: { cookie: cookieOf(user), origin: harness.url },
      });
      expect([retry.status, retry.body.code]).toEqual([403, 'FORBIDDEN']);
    }
  });

  it("another site cannot drive it with the operator's cookie: a change without this origin is 403 CROSS_ORIGIN_REQUEST", async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, {}] as Record<string, string>[]) {
      const answer = await http(harness.url, 'PUT', '/console/queues/api/queues/exports/retry/failed', {
        headers: { cookie: cookieOf(operator), ...headers },
      });
      expect([answer.status, answer.body.code]).toEqual([403, 'CROSS_ORIGIN_REQUEST']);
    }
    const page = await get(DASHBOARD, { cookie: cookieOf(operator), accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
    // The rest of the engine keeps its own policy.
    expect((await get('/health')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  describe('in Chromium', () => {
    const cspComplaints = (page: Page) => {
      const complaints: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) complaints.push(message.text());
      });
      return complaints;
    };

    it('the operator sees the exports queue after an export, a failed export under Failed, and retries it with its Retry button', async () => {
      const done = await exportDone(await startExport());
      expect(done.status).toBe('completed');
      expect((await exportsQueue('completed')).jobs.map((job) => job.id)).toContain(done.id);

      // A genuine failure: PostgreSQL refuses the export's file parts, through all of its attempts.
      await harness.query(
        `CREATE FUNCTION refuse_parts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$`,
      );
      await harness.query('CREATE TRIGGER refuse_parts BEFORE INSERT ON export_file_parts FOR EACH ROW EXECUTE FUNCTION refuse_parts()');
      let failedId: string;
      try {
        failedId = await startExport();
        expect((await exportDone(failedId)).status).toBe('failed');
      } finally {
        await harness.query('DROP TRIGGER IF EXISTS refuse_parts ON export_file_parts');
        await harness.query('DROP FUNCTION IF EXISTS refuse_parts()');
      }
      expect((await exportsQueue('failed')).jobs.map((job) => [job.id, job.failedReason])).toEqual([[failedId, 'disk on fire']]);

      const { context, page } = await openSignedInPage(harness.browser, harness.url, operator.client.sessionToken!);
      const complaints = cspComplaints(page);
      await page.goto(`${harness.url}${DASHBOARD}`);
      const queues = page.getByRole('navigation');
      for (const name of ['exports', 'scrape', 'enrichment', 'billing', 'webhooks', 'contacts'])
        await queues.getByRole('link', { name }).waitFor();
      await queues.getByRole('link', { name: 'exports' }).click();
      await page.getByRole('heading', { level: 1, name: 'exports' }).waitFor();
      await page.getByRole('link', { name: /^FAILED/ }).click();
      const card = page
        .locator('div')
        .filter({ has: page.getByRole('link', { name: failedId }) })
        .filter({ has: page.getByRole('tab', { name: 'Error' }) })
        .last();
      await card.getByText('disk on fire').first().waitFor();
      await screenshot(page, 'queues-dashboard-failed-export');

      const retry = card.getByRole('listitem').first().getByRole('button');
      await retry.hover();
      await page.getByText('Retry', { exact: true }).waitFor();
      await retry.click();
      const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await confirm.getByText('Are you sure that you want to retry this job?').waitFor();
      const retried = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().includes(`/exports/${failedId}/retry`),
      );
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      expect((await retried).status()).toBe(204);
      // Run again, it finds its export already settled as failed, and finishes.
      await until('the retried job completed', async () =>
        (await exportsQueue('completed')).jobs.some((job) => job.id === failedId) ? true : undefined,
      );
      expect((await exportsQueue('failed')).counts.failed).toBe(0);
      expect(complaints).toEqual([]);
      await context.close();
    });

    it('a signed-out browser opening a dashboard page is sent to sign in, and comes back to that page once signed in as the operator', async () => {
      const { context, page } = await openPage(harness.browser);
      const complaints = cspComplaints(page);
      await page.goto(`${harness.url}${DASHBOARD}queue/exports?status=completed`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/sign-in');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/console/queues/queue/exports?status=completed');
      await page.getByRole('textbox', { name: 'Email' }).fill(operator.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(operator.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'exports' }).waitFor();
      expect(page.url()).toBe(`${harness.url}/console/queues/queue/exports?status=completed`);
      expect(complaints).toEqual([]);
      await context.close();
    });
  });
});
