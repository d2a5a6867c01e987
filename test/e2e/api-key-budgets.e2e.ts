import { Client } from 'pg';
import type { ApiKeyList } from '@lead-engine/contracts';
import type { ApiCallError } from '@lead-engine/contracts/client';
import { EnrichmentClient } from './support/enrichment-client';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { SeedContact, seedLeads } from './support/seed-leads';
import { ScrapeClient } from './support/scrape-client';

/** 200 more contacts at acme.io (US), ids fixtureId(1000 + n): enough new leads for every test. */
const EXTRA_CONTACTS: SeedContact[] = Array.from({ length: 200 }, (_, n) => ({
  id: fixtureId(1000 + n),
  company: 'acme.io',
  first: `Extra${n}`,
  last: 'Person',
  email: `extra${n}@acme.io`,
  phone: null,
  title: 'Account Executive',
  seniority: 'Entry',
  department: 'Sales',
  country: 'US',
}));

describe('API key budgets: total, per day, per call, read-only and expiry, enforced by the paid use-cases', () => {
  const harness = useHarness({
    label: 'api-key-budgets',
    env: { ENGINE_ROLE: 'api' },
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, [...FIXTURE_CONTACTS, ...EXTRA_CONTACTS]),
  });
  let api: typeof harness.engine;
  let worker: typeof harness.engine | null = null;
  let db: Client;
  let nextLead = 0;

  /** Ids of leads no test has used yet. */
  const freshLeads = (count: number) => {
    const ids = EXTRA_CONTACTS.slice(nextLead, nextLead + count).map((contact) => contact.id);
    if (ids.length < count) throw new Error('out of seeded leads');
    nextLead += count;
    return ids;
  };
  const reveal = (apiKey: string, leadIds: string[]) => harness.api(apiKey, api.url)('revealLeads', { body: { leadIds } });
  /** The raw reveal, for a refusal whose whole envelope expectBudgetExceeded reads (ApiCallError keeps no `error` text). */
  const revealRaw = (apiKey: string, leadIds: string[]) => http(api.url, 'POST', '/api/v1/leads/reveal', { apiKey, body: { leadIds } });
  const balance = async (apiKey: string) => (await harness.api(apiKey, api.url)('getCredits')).balance;
  const startWorker = async () => {
    worker = await harness.startEngine({ ENGINE_ROLE: 'worker' });
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = null;
  };

  async function keyFor(accountId: string, flags: string[]) {
    const created = await harness.operator(['keys:create', '--account', accountId, ...flags, '--json']);
    if (created.code !== 0) throw new Error(`keys:create failed: ${created.stderr}`);
    return JSON.parse(created.stdout) as { keyId: string; apiKey: string; prefix: string; limits?: Record<string, unknown> };
  }

  /** An account with 1,000 credits and a key with these flags. */
  async function budgeted(flags: string[]) {
    const account = await harness.createAccount('Agent account', 1000);
    const key = await keyFor(account.accountId, flags);
    return { ...account, key };
  }

  const chargedThrough = async (keyId: string) =>
    Number(
      (
        await db.query(
          `SELECT COALESCE(SUM(CASE WHEN kind = 'refund' THEN -amount ELSE amount END), 0) AS net FROM credit_ledger WHERE api_key_id = $1`,
          [keyId],
        )
      ).rows[0].net,
    );
  const revealsOf = async (accountId: string) =>
    Number((await db.query('SELECT count(*) AS n FROM reveals WHERE account_id = $1', [accountId])).rows[0].n);

  function expectBudgetExceeded(response: { status: number; body: any }, limit: string, remaining: number) {
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ code: 'BUDGET_EXCEEDED', error: "Over this API key's budget", details: { limit, remaining } });
  }

  beforeAll(async () => {
    api = harness.engine;
    await startWorker();
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
  });

  it('a key without limits is served as before', async () => {
    const { apiKey, accountId } = await harness.createAccount('Unlimited', 1000);
    const [row] = (
      await db.query('SELECT budget_total, budget_day, max_per_call, expires_at, read_only FROM api_keys WHERE account_id = $1', [
        accountId,
      ])
    ).rows;
    expect(row).toEqual({ budget_total: null, budget_day: null, max_per_call: null, expires_at: null, read_only: false });
    const revealed = await reveal(apiKey, freshLeads(30));
    expect(revealed.credits_charged).toBe(30);
    expect(await balance(apiKey)).toBe(970);
  });

  it('refuses a call over the per-call limit with 402 BUDGET_EXCEEDED and charges and records nothing', async () => {
    const { key, accountId } = await budgeted(['--max-per-call', '2']);
    expect(key.limits).toEqual({ budgetTotal: null, budgetDay: null, maxPerCall: 2, expiresAt: null, readOnly: false });
    const ids = freshLeads(3);
    const refused = await revealRaw(key.apiKey, ids);
    expectBudgetExceeded(refused, 'per_call', 2);
    expect(refused.body.message).toBe('This key may spend at most 2 credits per call; this call needs 3.');
    expect(await balance(key.apiKey)).toBe(1000);
    expect(await chargedThrough(key.keyId)).toBe(0);
    expect(await revealsOf(accountId)).toBe(0);

    const allowed = await reveal(key.apiKey, ids.slice(0, 2));
    expect(allowed.credits_charged).toBe(2);
    // Leads revealed already cost nothing, so asking for them again with one new lead is a call of 1.
    const again = await reveal(key.apiKey, ids);
    expect(again.credits_charged).toBe(1);
    expect(await balance(key.apiKey)).toBe(997);
  });

  it('spends a daily budget down to 0, then refuses, saying what is left', async () => {
    const { key } = await budgeted(['--budget-day', '5']);
    expect((await reveal(key.apiKey, freshLeads(3))).credits_charged).toBe(3);
    const refused = await revealRaw(key.apiKey, freshLeads(3));
    expectBudgetExceeded(refused, 'day', 2);
    expect(refused.body.message).toBe('This key may spend 2 more credits today; this call needs 3.');
    expect((await reveal(key.apiKey, freshLeads(2))).credits_charged).toBe(2);
    expectBudgetExceeded(await revealRaw(key.apiKey, freshLeads(1)), 'day', 0);
    expect(await chargedThrough(key.keyId)).toBe(5);
    expect(await balance(key.apiKey)).toBe(995);
  });

  it('a total budget is the sum of all time; keys:set-budget changes it for the next call', async () => {
    const { key } = await budgeted(['--budget-total', '4', '--budget-day', '100']);
    // A typed call rejects unless it succeeds.
    await reveal(key.apiKey, freshLeads(4));
    const refused = await revealRaw(key.apiKey, freshLeads(1));
    expectBudgetExceeded(refused, 'total', 0);
    expect(refused.body.message).toBe('This key may spend 0 more credits in total; this call needs 1.');

    const raised = await harness.cli(['keys:set-budget', '--key', key.prefix, '--budget-total', '6', '--json']);
    expect(raised.code).toBe(0);
    expect(JSON.parse(raised.stdout)).toEqual({ keyId: key.keyId, budgetTotal: 6 });
    await reveal(key.apiKey, freshLeads(2));
    expectBudgetExceeded(await revealRaw(key.apiKey, freshLeads(1)), 'total', 0);

    const removed = await harness.cli(['keys:set-budget', '--key', key.keyId, '--budget-total', 'none', '--budget-day', 'none']);
    expect(removed.stderr).toBe('');
    expect(removed.code).toBe(0);
    const [row] = (await db.query('SELECT budget_total, budget_day FROM api_keys WHERE id = $1', [key.keyId])).rows;
    expect(row).toEqual({ budget_total: null, budget_day: null });
    expect((await reveal(key.apiKey, freshLeads(3))).credits_charged).toBe(3);
    expect(await chargedThrough(key.keyId)).toBe(9);
  });

  it('a read-only key is refused every paid endpoint whatever it costs, and serves the free ones', async () => {
    const { key, accountId } = await budgeted(['--read-only']);
    const already = freshLeads(1);
    expectBudgetExceeded(await revealRaw(key.apiKey, already), 'read_only', 0);
    expectBudgetExceeded(await http(api.url, 'POST', '/api/v1/leads/exports', { apiKey: key.apiKey, body: { limit: 5 } }), 'read_only', 0);
    expectBudgetExceeded(await new ScrapeClient(api.url, key.apiKey).start(['example.com']), 'read_only', 0);
    const ai = new EnrichmentClient(api.url, key.apiKey);
    const enrich = await ai.upload('Website,Name\nacme.io,Acme\n', { fields: 'opener' });
    expectBudgetExceeded(enrich, 'read_only', 0);
    expect(enrich.body.message).toBe('This key is read-only: it may call free endpoints only.');
    expectBudgetExceeded(
      await http(api.url, 'POST', '/api/v1/icp-score', {
        apiKey: key.apiKey,
        body: { target_icp: 'SaaS companies', email: 'zoe.smith@acme.io' },
      }),
      'read_only',
      0,
    );

    // Both free calls must succeed: the typed call rejects on any refusal.
    await harness.api(key.apiKey, api.url)('countLeads', { body: {} });
    await harness.api(key.apiKey, api.url)('browseLeads', { body: { limit: 5 } });
    expect(await balance(key.apiKey)).toBe(1000);
    expect(await chargedThrough(key.keyId)).toBe(0);
    expect(await revealsOf(accountId)).toBe(0);
    for (const table of ['exports', 'scrape_jobs', 'enrichment_jobs']) {
      expect((await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`, [accountId])).rows[0].n).toBe(0);
    }
  });

  it('an expired key is refused like a revoked one, from the moment it expires', async () => {
    const account = await harness.createAccount('Expiring', 100);
    // 20 s: the CLI refuses an expiry already past when it parses it, and a loaded machine must not get there first.
    const expires = new Date(Date.now() + 20_000).toISOString();
    const key = await keyFor(account.accountId, ['--expires', expires]);
    expect(key.limits).toEqual({ budgetTotal: null, budgetDay: null, maxPerCall: null, expiresAt: expires, readOnly: false });
    // Before the expiry it works; a loaded machine may have passed it already by the time the CLI returned.
    const before = await http(api.url, 'GET', '/api/v1/credits', { apiKey: key.apiKey });
    if (Date.now() < Date.parse(expires)) expect(before.status).toBe(200);
    else expect([200, 401]).toContain(before.status);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expires) - Date.now() + 10));
    await expect(harness.api(key.apiKey, api.url)('getCredits')).rejects.toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
    await harness.api(account.apiKey, api.url)('getCredits');
  }, 120_000);

  it('20 concurrent reveals through one key never spend past its daily budget together', async () => {
    const { key } = await budgeted(['--budget-day', '15']);
    const batches = Array.from({ length: 20 }, () => freshLeads(2));
    const outcomes = await Promise.allSettled(batches.map((ids) => reveal(key.apiKey, ids)));
    const allowed = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' && (outcome.reason as ApiCallError).status === 402 ? [outcome.reason as ApiCallError] : [],
    );
    expect(allowed.length + refused.length).toBe(20);
    expect(allowed.length).toBe(7);
    // The envelope's own `details` member is kept in ApiCallError.details.
    for (const refusal of refused)
      expect(refusal).toMatchObject({ code: 'BUDGET_EXCEEDED', details: { details: { limit: 'day', remaining: 1 } } });
    expect(allowed.reduce((sum, revealed) => sum + revealed.credits_charged, 0)).toBe(14);
    expect(await chargedThrough(key.keyId)).toBe(14);
    expect(await balance(key.apiKey)).toBe(986);
  });

  it("counts a scrape's hold against the budget, and its refund gives the credits back to the day", async () => {
    const { key } = await budgeted(['--budget-day', '5']);
    const scrape = new ScrapeClient(api.url, key.apiKey);
    await stopWorker();
    try {
      const held = await scrape.start(['not a domain', 'also not one', 'still not one']);
      expect(held.status).toBe(202);
      expect(held.body.credits_charged).toBe(3);
      const refused = await scrape.start(['four is', 'too many', 'for what', 'is left']);
      expectBudgetExceeded(refused, 'day', 2);
      expect(refused.body.message).toBe('This key may spend 2 more credits today; this call needs 4.');
      await startWorker();
      const job = await scrape.finished(held.body.id);
      expect(job).toMatchObject({ status: 'completed', invalid: 3, credits_charged: 3, credits_refunded: 3 });
      expect(await chargedThrough(key.keyId)).toBe(0);
      const whole = await scrape.start(['one bad', 'two bad', 'three bad', 'four bad', 'five bad']);
      expect(whole.status).toBe(202);
      expect((await scrape.finished(whole.body.id)).credits_refunded).toBe(5);
    } finally {
      if (!worker) await startWorker();
    }
  });

  it('a pending export counts against the budget with its delivery limit until the worker charges what it delivered', async () => {
    const { key, accountId } = await budgeted(['--budget-day', '10', '--max-per-call', '8']);
    await stopWorker();
    try {
      expectBudgetExceeded(await http(api.url, 'POST', '/api/v1/leads/exports', { apiKey: key.apiKey, body: { limit: 9 } }), 'per_call', 8);
      // One contact is in Canada: the export may charge 8 but will deliver 1.
      const created = await harness.api(key.apiKey, api.url)('startExport', { body: { limit: 8, country: ['CA'] } });
      const refused = await revealRaw(key.apiKey, freshLeads(3));
      expectBudgetExceeded(refused, 'day', 2);
      expectBudgetExceeded(await http(api.url, 'POST', '/api/v1/leads/exports', { apiKey: key.apiKey, body: { limit: 3 } }), 'day', 2);
      expect(await balance(key.apiKey)).toBe(1000);

      await startWorker();
      const deadline = Date.now() + 20_000;
      let status = '';
      while (status !== 'completed') {
        if (Date.now() > deadline) throw new Error(`export still ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await harness.api(key.apiKey, api.url)('getExport', { params: { id: created.job_id } })).status;
      }
      expect(await chargedThrough(key.keyId)).toBe(1);
      expect((await reveal(key.apiKey, freshLeads(8))).credits_charged).toBe(8);
      expectBudgetExceeded(await revealRaw(key.apiKey, freshLeads(2)), 'day', 1);
      expect(await revealsOf(accountId)).toBe(9);
    } finally {
      if (!worker) await startWorker();
    }
  });

  it("the API's reveal and export quotes say what the key may still spend, as MCP's do", async () => {
    const unlimited = await harness.createAccount('Quotes without limits', 1000);
    const plain = harness.api(unlimited.apiKey, api.url);
    expect((await plain('quoteReveal', { body: { leadIds: freshLeads(2) } })).budget_remaining).toBeNull();
    expect((await plain('quoteExport', { body: { limit: 5 } })).budget_remaining).toBeNull();

    const { key } = await budgeted(['--budget-total', '20', '--budget-day', '7', '--max-per-call', '5']);
    const call = harness.api(key.apiKey, api.url);
    await reveal(key.apiKey, freshLeads(3));
    const revealQuote = await call('quoteReveal', { body: { leadIds: freshLeads(2) } });
    expect(revealQuote).toMatchObject({ new: 2, credits: 2, budget_remaining: { total: 17, day: 4, per_call: 5 } });
    const exportQuote = await call('quoteExport', { body: { limit: 5 } });
    expect(exportQuote.budget_remaining).toEqual({ total: 17, day: 4, per_call: 5 });

    const readOnly = await budgeted(['--read-only']);
    const readOnlyQuote = await harness.api(readOnly.key.apiKey, api.url)('quoteReveal', { body: { leadIds: freshLeads(1) } });
    expect(readOnlyQuote.budget_remaining).toEqual({ total: 0, day: 0, per_call: 0 });
  });

  it("the console's keys list gives each key's limits and what is left today and in total", async () => {
    const { key, accountId, apiKey } = await budgeted([
      '--budget-day',
      '100',
      '--budget-total',
      '1000',
      '--read-only',
      '--expires',
      '2099-01-01',
    ]);
    const plain = await keyFor(accountId, ['--budget-day', '100', '--budget-total', '1000']);
    expect((await reveal(plain.apiKey, freshLeads(60))).credits_charged).toBe(60);
    const owner = await harness.signIn({ accountId, role: 'owner' });
    const listed = await owner.client.json<ApiKeyList>('GET', '/console/api/keys');
    expect(listed.status).toBe(200);
    const byId = new Map(listed.body.items.map((item) => [item.id, item]));
    expect(byId.get(key.keyId)!.budget).toEqual({
      total: 1000,
      day: 100,
      per_call: null,
      read_only: true,
      expires_at: '2099-01-01T00:00:00.000Z',
      left_total: 1000,
      left_today: 100,
    });
    expect(byId.get(plain.keyId)!.budget).toEqual({
      total: 1000,
      day: 100,
      per_call: null,
      read_only: false,
      expires_at: null,
      left_total: 940,
      left_today: 40,
    });
    const first = listed.body.items.find((item) => item.id !== key.keyId && item.id !== plain.keyId)!;
    expect(first.budget).toBeNull();
    expect(await balance(apiKey)).toBe(940);
  });

  it('keys:create validates its budget flags', async () => {
    const { accountId } = await harness.createAccount('Flags', 10);
    for (const flags of [
      ['--budget-day', '-1'],
      ['--budget-total', 'lots'],
      ['--max-per-call', '1.5'],
      ['--expires', 'tomorrow'],
      ['--expires', '2020-01-01T00:00:00Z'],
      ['--budget-day', 'none'],
    ]) {
      const result = await harness.cli(['keys:create', '--account', accountId, ...flags, '--json']);
      expect({ flags, refused: result.code !== 0 }).toEqual({ flags, refused: true });
    }
    const created = await keyFor(accountId, [
      '--budget-total',
      '1000',
      '--budget-day',
      '100',
      '--max-per-call',
      '0',
      '--read-only',
      '--expires',
      '2099-01-01',
    ]);
    expect(created.limits).toEqual({
      budgetTotal: 1000,
      budgetDay: 100,
      maxPerCall: 0,
      expiresAt: '2099-01-01T00:00:00.000Z',
      readOnly: true,
    });
    const text = await harness.cli(['keys:create', '--account', accountId, '--budget-day', '7']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('(7 per UTC day)');
    const unknown = await harness.cli(['keys:set-budget', '--key', 'le_live_doesnotexist', '--budget-day', '1']);
    expect(unknown.code).not.toBe(0);
  });
});
