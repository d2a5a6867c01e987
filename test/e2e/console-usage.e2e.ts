import { CreatedApiKey, errorBodySchema, UsageQueryInput } from '@lead-engine/contracts';
import { expectConsoleGuards } from './support/console-guards';
import { SignedInUser } from './support/console-session';
import { expectExcelTwin } from './support/csv-for-excel';
import { useHarness } from './support/harness';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { ScrapeClient } from './support/scrape-client';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';
import { UsageWebsites } from './support/usage-web';

const codeOf = async (response: Response) => errorBodySchema.parse(await response.json()).code;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const yesterdayUtc = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('console: usage and overview over HTTP', () => {
  const websites = new UsageWebsites();
  const harness = useHarness({
    label: 'console_usage',
    prepare: async (harness) => {
      await seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS);
      await websites.start(harness);
    },
    env: () => websites.env,
  });
  let accountId: string;
  let owner: SignedInUser;
  let member: SignedInUser;
  let ownerKey: CreatedApiKey;
  let memberKey: CreatedApiKey;
  let other: { accountId: string; apiKey: string };
  let exportId: string;
  let scrapeId: string;

  const usage = (user: SignedInUser, query: UsageQueryInput = {}) => user.client.call('consoleListUsage', { query });
  const overview = (user: SignedInUser) => user.client.call('consoleGetOverview');

  beforeAll(async () => {
    websites.releaseOnClose(harness);
    ({ accountId } = await harness.createAccount('Usage account', 1000));
    other = await harness.createAccount('Other account', 50);
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
    member = await harness.signIn({ accountId, role: 'member', name: 'Max Member' });
    ownerKey = await owner.client.call('consoleCreateApiKey', { body: { name: 'Owner key' } });
    memberKey = await member.client.call('consoleCreateApiKey', { body: { name: '=Member key' } });

    await harness.api(ownerKey.key)('revealLeads', { body: { leadIds: [1, 2, 3].map(fixtureId) } });
    const memberApi = harness.api(memberKey.key);
    exportId = (await memberApi('startExport', { body: { limit: 4 } })).job_id;
    await until('the export completed', async () => {
      const status = await memberApi('getExport', { params: { id: exportId } });
      return status.status === 'completed' ? status : undefined;
    });
    const scrape = new ScrapeClient(harness.url, ownerKey.key);
    const started = await scrape.start(['good.web.test', 'down.web.test']);
    expect(started.status).toBe(202);
    scrapeId = started.body.id;
    await scrape.finished(scrapeId, 60_000);
  });

  it('lists every movement newest first, saying in words what it paid for, through which key and whose', async () => {
    const page = await usage(member);
    const rows = page.items.map((entry) => [entry.movement, entry.kind, entry.change, entry.description]);
    expect(rows).toEqual([
      ['refund', 'scrape', 1, 'Refund: 1 domain without text'],
      ['hold', 'scrape', -2, 'Scrape hold, 2 domains'],
      ['spend', 'export', -4, `Export ${exportId.slice(0, 8)}… — 4 rows`],
      ['spend', 'reveal', -3, 'Reveal of 3 leads'],
      ['grant', 'allowance', 1000, 'Welcome credits'],
    ]);
    expect(page.next_cursor).toBeNull();
    const [refund, hold, exported, revealed, welcome] = page.items;
    expect(refund).toMatchObject({
      job: { type: 'scrape', id: scrapeId },
      reference: `scrape:${scrapeId}`,
      key: { id: ownerKey.id, name: 'Owner key', prefix: ownerKey.prefix },
      user: { id: owner.userId, name: 'Olivia Owner' },
    });
    expect(hold.job).toEqual({ type: 'scrape', id: scrapeId });
    expect(exported).toMatchObject({ job: { type: 'export', id: exportId }, user: { id: member.userId, name: 'Max Member' } });
    expect(revealed.job).toBeNull();
    expect(welcome).toMatchObject({ key: null, user: null, job: null });
    expect(new Set(page.items.map((entry) => entry.id)).size).toBe(5);
  });

  it('pages by keyset: small pages walk the same rows in the same order, and a forged cursor is a 400', async () => {
    const whole = (await usage(owner)).items.map((entry) => entry.id);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await usage(owner, { limit: 2, cursor: cursor ?? undefined });
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items.map((entry) => entry.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(walked).toEqual(whole);

    for (const forged of ['nonsense', Buffer.from('["yesterday","1"]').toString('base64url'), 'x'.repeat(201)]) {
      const response = await owner.client.request('GET', `/console/api/usage?cursor=${forged}`);
      expect([forged, response.status, await codeOf(response)]).toEqual([forged, 400, 'VALIDATION_ERROR']);
    }
    for (const bad of ['?kind=refund', '?limit=0', '?limit=201', '?from=2026-13-01', '?key=not-a-uuid', '?job=reveal:1', '?colour=blue']) {
      const response = await owner.client.request('GET', `/console/api/usage${bad}`);
      expect([bad, response.status]).toEqual([bad, 400]);
    }
  });

  it('filters by kind, key, user, job and UTC day; another account’s key or user matches nothing', async () => {
    const descriptions = async (query: UsageQueryInput) => (await usage(owner, query)).items.map((entry) => entry.description);
    expect(await descriptions({ kind: 'scrape' })).toEqual(['Refund: 1 domain without text', 'Scrape hold, 2 domains']);
    expect(await descriptions({ kind: ['reveal', 'export'] })).toEqual([`Export ${exportId.slice(0, 8)}… — 4 rows`, 'Reveal of 3 leads']);
    expect(await descriptions({ key: memberKey.id })).toEqual([`Export ${exportId.slice(0, 8)}… — 4 rows`]);
    expect(await descriptions({ user: owner.userId })).toHaveLength(3);
    expect(await descriptions({ user: owner.userId, kind: 'reveal' })).toEqual(['Reveal of 3 leads']);
    expect(await descriptions({ job: `scrape:${scrapeId}` })).toHaveLength(2);
    expect(await descriptions({ from: todayUtc(), to: todayUtc() })).toHaveLength(5);
    expect(await descriptions({ to: yesterdayUtc() })).toEqual([]);
    expect(await descriptions({ from: todayUtc(), kind: 'allowance' })).toEqual(['Welcome credits']);

    const [otherKey] = await harness.query('SELECT id FROM api_keys WHERE account_id = $1', [other.accountId]);
    await harness.api(other.apiKey)('revealLeads', { body: { leadIds: [fixtureId(1)] } });
    expect(await descriptions({ key: otherKey.id })).toEqual([]);
    const stranger = await harness.signIn({ accountId: other.accountId, role: 'owner', name: 'Stranger' });
    expect(await descriptions({ user: stranger.userId })).toEqual([]);
    expect((await usage(stranger)).items.map((entry) => entry.description)).toEqual(['Reveal of 1 lead', 'Welcome credits']);
  });

  it('downloads exactly the filtered rows as CSV, safe to open in a spreadsheet', async () => {
    const response = await owner.client.request('GET', '/console/api/usage/csv?kind=export&kind=reveal');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="usage-${todayUtc()}.csv"`);
    const lines = (await response.text()).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('id,created_at,movement,kind,amount,change,description,reference,key_name,key_prefix,user_name');
    const page = await usage(owner, { kind: ['export', 'reveal'] });
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(page.items.map((entry) => entry.id));
    // The member named their key "=Member key": a spreadsheet would run it.
    expect(lines[1]).toContain(",'=Member key,");
    expect(lines[1]).toContain(',export,4,-4,');

    const everything = await owner.client.request('GET', '/console/api/usage/csv');
    expect((await everything.text()).trim().split('\r\n')).toHaveLength(1 + (await usage(owner)).items.length);

    // For Excel: the same filtered rows behind the UTF-8 mark.
    const bytes = async (query: string) =>
      Buffer.from(await (await owner.client.request('GET', `/console/api/usage/csv?kind=reveal${query}`)).arrayBuffer());
    expectExcelTwin(await bytes(''), await bytes('&excel=true'));
    expect((await owner.client.request('GET', '/console/api/usage/csv?excel=TRUE')).status).toBe(400);
  });

  it('shows today’s spending by kind with its refunds, the balance, and the credits a running job holds', async () => {
    let view = await overview(member);
    expect(view.days).toHaveLength(30);
    expect(view.days[29]).toEqual({ day: todayUtc(), reveal: 3, export: 4, scrape: 2, enrichment: 0, icp: 0, refunds: 1 });
    expect(view.days.slice(0, 29).every((day) => day.reveal + day.export + day.scrape + day.refunds === 0)).toBe(true);
    expect(view).toMatchObject({ balance: 1000 - 3 - 4 - 1, total_earned: 1000, total_spent: 8, held: { credits: 0, jobs: [] } });
    expect(view.low_balance).toEqual({ low: false, threshold: null, daily_spend_7d: 2 });

    const started = await new ScrapeClient(harness.url, ownerKey.key).start(['slow.web.test', 'good.web.test', 'down.web.test']);
    const slowId = started.body.id;
    view = await overview(owner);
    expect(view.held).toEqual({
      credits: 3,
      jobs: [
        { type: 'scrape', id: slowId, status: expect.stringMatching(/^(queued|running)$/), credits: 3, created_at: expect.any(String) },
      ],
    });
    expect(view.balance).toBe(992 - 3);
    await until('the slow site was asked', async () => (websites.slowSiteAsked ? true : undefined));
    websites.releaseSlowSite();
    await new ScrapeClient(harness.url, ownerKey.key).finished(slowId, 60_000);
    view = await overview(owner);
    expect(view.held).toEqual({ credits: 0, jobs: [] });
    expect(view.days[29]).toMatchObject({ scrape: 5, refunds: 2 });
  });

  it('warns below the owner’s threshold; only an owner sets it', async () => {
    const set = await owner.client.call('consoleSetLowBalanceThreshold', { body: { threshold: 5000 } });
    expect(set.low_balance).toMatchObject({ low: true, threshold: 5000 });
    expect((await overview(member)).low_balance).toMatchObject({ low: true, threshold: 5000 });

    await expect(member.client.call('consoleSetLowBalanceThreshold', { body: { threshold: 1 } })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    for (const threshold of [-1, 1.5, '10', 2_000_000_000]) {
      const invalid = await owner.client.request('PUT', '/console/api/overview/low-balance-threshold', { body: { threshold } });
      expect([threshold, invalid.status]).toEqual([threshold, 400]);
    }
    const removed = await owner.client.call('consoleSetLowBalanceThreshold', { body: { threshold: null } });
    expect(removed.low_balance).toMatchObject({ low: false, threshold: null });
  });

  it('guards every usage endpoint: no session 401, no account 403, another origin 403, a form body 400', async () => {
    const operator = await harness.signIn({ operator: true, name: 'Opal Operator' });
    await expectConsoleGuards(
      owner.client,
      [
        { method: 'GET', path: '/console/api/usage' },
        { method: 'GET', path: '/console/api/usage/csv' },
        { method: 'GET', path: '/console/api/overview' },
        { method: 'PUT', path: '/console/api/overview/low-balance-threshold', body: { threshold: 1 } },
      ],
      { noAccount: operator.client },
    );
    const [account] = await harness.query('SELECT low_balance_threshold FROM accounts WHERE id = $1', [accountId]);
    expect(account.low_balance_threshold).toBeNull();
  });

  it('keeps the day summary exact under concurrent spending from many keys', async () => {
    const keys = await Promise.all(
      Array.from({ length: 4 }, (_, index) => owner.client.call('consoleCreateApiKey', { body: { name: `Burst ${index}` } })),
    );
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        harness.api(keys[index % 4].key)('revealLeads', { body: { leadIds: [fixtureId((index % 10) + 1)] } }),
      ),
    );
    const [summary] = await harness.query(
      `SELECT SUM(amount) AS amount, SUM(entries) AS entries FROM credit_ledger_days WHERE account_id = $1 AND purpose = 'reveal'`,
      [accountId],
    );
    const [plain] = await harness.query(
      `SELECT SUM(amount) AS amount, COUNT(*) AS entries FROM credit_ledger WHERE account_id = $1 AND purpose = 'reveal'`,
      [accountId],
    );
    expect(summary).toEqual(plain);
    expect((await overview(owner)).days[29].reveal).toBe(Number(plain.amount));
  });
});
