import { Client } from 'pg';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { callTool, connectMcp, keyHeaders, McpClient, McpClientKind, toolErrorOf } from './support/mcp-client';
import { SeedContact, seedLeads } from './support/seed-leads';
import { until } from './support/until';
import { downloadBytes, expectExcelTwin } from './support/csv-for-excel';

/** 300 more contacts at acme.io (US), ids fixtureId(2000 + n): enough new leads for every test. */
const EXTRA_CONTACTS: SeedContact[] = Array.from({ length: 300 }, (_, n) => ({
  id: fixtureId(2000 + n),
  company: 'acme.io',
  first: `Agent${n}`,
  last: 'Lead',
  email: `agent${n}@acme.io`,
  phone: null,
  title: 'Account Executive',
  seniority: 'Entry',
  department: 'Sales',
  country: 'US',
}));
const SHORT_TTL_MS = 400;
const PAID = { readOnlyHint: false, destructiveHint: false, openWorldHint: expect.any(Boolean) };

describe('/mcp: paid tools, quote before pay and key budgets', () => {
  const harness = useHarness({
    label: 'mcp-paid',
    env: { ENGINE_ROLE: 'api' },
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, [...FIXTURE_CONTACTS, ...EXTRA_CONTACTS]),
  });
  let api: typeof harness.engine;
  /** The same engine with quotes and download links that last SHORT_TTL_MS. */
  let shortLived: typeof harness.engine;
  let db: Client;
  let nextLead = 0;
  const clients: McpClient[] = [];

  const freshLeads = (count: number) => {
    const ids = EXTRA_CONTACTS.slice(nextLead, nextLead + count).map((contact) => contact.id);
    if (ids.length < count) throw new Error('out of seeded leads');
    nextLead += count;
    return ids;
  };
  const open = async (kind: McpClientKind, apiKey: string, url = api.url!) => {
    const client = await connectMcp(kind, url, keyHeaders(kind, apiKey));
    clients.push(client);
    return client;
  };
  async function keyFor(accountId: string, flags: string[]) {
    const created = await harness.operator(['keys:create', '--account', accountId, ...flags, '--json']);
    if (created.code !== 0) throw new Error(`keys:create failed: ${created.stderr}`);
    return JSON.parse(created.stdout) as { keyId: string; apiKey: string };
  }
  const balanceOf = async (accountId: string) =>
    Number((await db.query('SELECT balance FROM accounts WHERE id = $1', [accountId])).rows[0].balance);
  const spentBy = async (accountId: string) =>
    Number(
      (
        await db.query(
          `SELECT COALESCE(SUM(CASE WHEN kind = 'refund' THEN -amount ELSE amount END), 0) AS n FROM credit_ledger
           WHERE account_id = $1 AND kind IN ('spend', 'hold', 'refund')`,
          [accountId],
        )
      ).rows[0].n,
    );
  const exportsOf = async (accountId: string) =>
    Number((await db.query('SELECT count(*) AS n FROM exports WHERE account_id = $1', [accountId])).rows[0].n);
  const revealsOf = async (accountId: string) =>
    Number((await db.query('SELECT count(*) AS n FROM reveals WHERE account_id = $1', [accountId])).rows[0].n);

  beforeAll(async () => {
    api = harness.engine;
    shortLived = await harness.startEngine({
      MCP_QUOTE_TTL_MS: String(SHORT_TTL_MS),
      EXPORT_LINK_TTL_MS: String(SHORT_TTL_MS),
    });
    await harness.startEngine({ ENGINE_ROLE: 'worker' });
    db = new Client({ connectionString: harness.environment.databaseUrl });
    await db.connect();
    harness.closeAfterAll(() => db.end());
    harness.closeAfterAll(() => Promise.all(clients.map((client) => client.close().catch(() => undefined))));
    const { apiKey } = await harness.createAccount('Warm-up', 0);
    for (const engine of [api, shortLived]) {
      await until('the lead table', async () => {
        const count = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: {} });
        return count.body.estimated_total === FIXTURE_CONTACTS.length + EXTRA_CONTACTS.length ? true : undefined;
      });
    }
  });

  describe.each(['v2-2026', 'v1'] as const)('%s client', (kind) => {
    it('lists the paid tools with honest annotations and descriptions that say what they cost and what to call first', async () => {
      const { apiKey } = await harness.createAccount(`Lister ${kind}`, 0);
      const { tools } = await (await open(kind, apiKey)).listTools();
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      for (const name of ['reveal_leads', 'start_export', 'score_icp', 'start_scrape']) {
        const tool = byName.get(name)!;
        expect(tool.annotations).toMatchObject(PAID);
        expect(tool.outputSchema.required).toEqual(expect.arrayContaining(['credits_charged', 'balance', 'budget_remaining']));
        expect(tool.description).toMatch(/credit/);
        expect(tool.description).toMatch(/BUDGET_EXCEEDED/);
      }
      expect(byName.get('reveal_leads')!.annotations).toMatchObject({ idempotentHint: true, openWorldHint: false });
      expect(byName.get('start_export')!.annotations).toMatchObject({ openWorldHint: false });
      expect(byName.get('reveal_leads')!.description).toMatch(/Call quote_reveal first and pass its quote_id/);
      expect(byName.get('reveal_leads')!.inputSchema.properties).toHaveProperty('quote_id');
      expect(byName.get('start_export')!.description).toMatch(/Call quote_export first/);
      expect(byName.get('start_export')!.inputSchema.properties).toHaveProperty('quote_id');
      expect(byName.get('quote_export')!.annotations).toMatchObject({ readOnlyHint: true });
      expect(byName.get('quote_export')!.description).toMatch(/Free: costs no credits/);
      expect(byName.get('quote_export')!.outputSchema.required).toEqual(
        expect.arrayContaining(['new', 'already_revealed', 'credits', 'balance', 'quote_id', 'expires_at', 'budget_remaining']),
      );
      expect(byName.get('quote_reveal')!.annotations).toMatchObject({ readOnlyHint: true });
      expect(byName.get('quote_reveal')!.description).toMatch(/Free: costs no credits/);
      expect(byName.get('quote_reveal')!.outputSchema.required).toEqual(
        expect.arrayContaining(['new', 'already_revealed', 'credits', 'quote_id', 'expires_at']),
      );
      expect(byName.get('get_export')!.outputSchema.properties).toHaveProperty('download_url');
    });

    it('count → browse → quote → reveal → reveal again charges the new leads once, and the ledger matches', async () => {
      const { apiKey, accountId } = await harness.createAccount(`Prospector ${kind}`, 100);
      const client = await open(kind, apiKey);
      const filters = { country: ['US'], department: ['Sales'] };
      const count = (await callTool(client, 'count_leads', filters)).structuredContent as any;
      expect(count.estimated_total).toBeGreaterThan(2);
      const page = (await callTool(client, 'browse_leads', { ...filters, limit: 3 })).structuredContent as any;
      const leadIds = page.leads.map((lead: { id: string }) => lead.id);
      expect(leadIds).toHaveLength(3);

      const quote = (await callTool(client, 'quote_reveal', { leadIds })).structuredContent as any;
      expect(quote).toMatchObject({
        new: 3,
        already_revealed: 0,
        not_found: [],
        credits: 3,
        quote_id: expect.any(String),
        budget_remaining: null,
      });
      const ttl = Date.parse(quote.expires_at) - Date.now();
      expect(ttl).toBeGreaterThan(9 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
      expect(await balanceOf(accountId)).toBe(100);

      const revealed = await callTool(client, 'reveal_leads', { leadIds, quote_id: quote.quote_id });
      expect(revealed.isError).toBeFalsy();
      expect(revealed.structuredContent).toMatchObject({
        credits_charged: 3,
        new_reveals: 3,
        already_revealed: 0,
        balance: 97,
        budget_remaining: null,
      });
      const leads = (revealed.structuredContent as any).revealed;
      expect(leads.map((lead: { id: string }) => lead.id)).toEqual(leadIds);
      expect(leads[0].email).not.toContain('***');

      const again = await callTool(client, 'reveal_leads', { leadIds });
      expect(again.structuredContent).toMatchObject({ credits_charged: 0, new_reveals: 0, already_revealed: 3, balance: 97 });
      expect((again.structuredContent as any).revealed).toEqual(leads);
      expect((await callTool(client, 'quote_reveal', { leadIds })).structuredContent).toMatchObject({
        new: 0,
        already_revealed: 3,
        credits: 0,
      });

      expect(await spentBy(accountId)).toBe(3);
      expect(await revealsOf(accountId)).toBe(3);
      expect(await balanceOf(accountId)).toBe(97);
      expect((await callTool(client, 'get_credits')).structuredContent).toMatchObject({ balance: 97, total_spent: 3 });
    });

    it('a quote_id is an idempotency key: retried, also concurrently, it answers the first result and charges once; other leads are refused', async () => {
      const { apiKey, accountId } = await harness.createAccount(`Retrier ${kind}`, 100);
      const client = await open(kind, apiKey);
      const leadIds = freshLeads(4);
      const quote = (await callTool(client, 'quote_reveal', { leadIds })).structuredContent as any;
      expect(quote.credits).toBe(4);
      const calls = await Promise.all([1, 2, 3].map(() => callTool(client, 'reveal_leads', { leadIds, quote_id: quote.quote_id })));
      const retried = await callTool(client, 'reveal_leads', { leadIds: [...leadIds].reverse(), quote_id: quote.quote_id });
      for (const call of [...calls, retried]) {
        expect(call.isError).toBeFalsy();
        const { balance: _balance, revealed, ...rest } = call.structuredContent as any;
        expect(rest).toEqual({ credits_charged: 4, new_reveals: 4, already_revealed: 0, not_found: [], budget_remaining: null });
        expect(revealed.map((lead: { id: string }) => lead.id).sort()).toEqual([...leadIds].sort());
      }
      expect(await spentBy(accountId)).toBe(4);
      expect(await balanceOf(accountId)).toBe(96);

      const other = toolErrorOf(await callTool(client, 'reveal_leads', { leadIds: freshLeads(4), quote_id: quote.quote_id }));
      expect(other).toMatchObject({ code: 'QUOTE_MISMATCH' });
      const unknown = toolErrorOf(await callTool(client, 'reveal_leads', { leadIds, quote_id: '4b5f3c1e-0000-4000-8000-000000000000' }));
      expect(unknown).toMatchObject({ code: 'QUOTE_NOT_FOUND', error: 'Quote not found' });
      expect(await spentBy(accountId)).toBe(4);
    });

    it('charges less than quoted when some leads were revealed meanwhile', async () => {
      const { apiKey, accountId } = await harness.createAccount(`Meanwhile ${kind}`, 100);
      const client = await open(kind, apiKey);
      const leadIds = freshLeads(3);
      const quote = (await callTool(client, 'quote_reveal', { leadIds })).structuredContent as any;
      expect(
        (await http(api.url, 'POST', '/api/v1/leads/reveal', { apiKey, body: { leadIds: leadIds.slice(0, 2) } })).body.credits_charged,
      ).toBe(2);
      const paid = await callTool(client, 'reveal_leads', { leadIds, quote_id: quote.quote_id });
      expect(paid.structuredContent).toMatchObject({ credits_charged: 1, already_revealed: 2, balance: 97 });
      expect(await spentBy(accountId)).toBe(3);
    });

    it('an expired quote is a QUOTE_EXPIRED tool error and charges nothing', async () => {
      const { apiKey, accountId } = await harness.createAccount(`Late ${kind}`, 100);
      const client = await open(kind, apiKey, shortLived.url!);
      const leadIds = freshLeads(2);
      const quote = (await callTool(client, 'quote_reveal', { leadIds })).structuredContent as any;
      await new Promise((resolve) => setTimeout(resolve, SHORT_TTL_MS + 100));
      const expired = toolErrorOf(await callTool(client, 'reveal_leads', { leadIds, quote_id: quote.quote_id }));
      expect(expired).toMatchObject({
        code: 'QUOTE_EXPIRED',
        error: 'This quote has expired',
        message: expect.stringMatching(/nothing was charged/),
      });
      expect(await spentBy(accountId)).toBe(0);
      expect(await revealsOf(accountId)).toBe(0);
      expect(await balanceOf(accountId)).toBe(100);
    });

    it('a key whose day budget is reached gets a BUDGET_EXCEEDED tool error saying what is left, and nothing is charged', async () => {
      const account = await harness.createAccount(`Budgeted ${kind}`, 100);
      const key = await keyFor(account.accountId, ['--budget-day', '3']);
      const client = await open(kind, key.apiKey);
      const first = await callTool(client, 'reveal_leads', { leadIds: freshLeads(2) });
      expect(first.structuredContent).toMatchObject({ credits_charged: 2, budget_remaining: { day: 1, total: null, per_call: null } });
      const leadIds = freshLeads(2);
      const quote = (await callTool(client, 'quote_reveal', { leadIds })).structuredContent as any;
      expect(quote).toMatchObject({ credits: 2, budget_remaining: { day: 1 } });
      const refused = toolErrorOf(await callTool(client, 'reveal_leads', { leadIds, quote_id: quote.quote_id }));
      expect(refused).toEqual({
        error: "Over this API key's budget",
        code: 'BUDGET_EXCEEDED',
        message: 'This key may spend 1 more credit today; this call needs 2.',
        details: { limit: 'day', remaining: 1 },
      });
      expect(await spentBy(account.accountId)).toBe(2);
      expect(await revealsOf(account.accountId)).toBe(2);
      // The refused quote was not used up: within the budget again it can still be paid.
      await harness.operator(['keys:set-budget', '--key', key.keyId, '--budget-day', '4']);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const paid = await callTool(client, 'reveal_leads', { leadIds, quote_id: quote.quote_id });
      expect(paid.structuredContent).toMatchObject({ credits_charged: 2, budget_remaining: { day: 0 } });
      expect(toolErrorOf(await callTool(client, 'start_export', { limit: 1 })).details).toEqual({ limit: 'day', remaining: 0 });
      expect(await spentBy(account.accountId)).toBe(4);
    });

    it('concurrent reveals through two connections at the budget edge never spend past it', async () => {
      const account = await harness.createAccount(`Edge ${kind}`, 100);
      const key = await keyFor(account.accountId, ['--budget-day', '5']);
      const [one, two] = [await open(kind, key.apiKey), await open(kind, key.apiKey)];
      const results = await Promise.all([
        callTool(one, 'reveal_leads', { leadIds: freshLeads(3) }),
        callTool(two, 'reveal_leads', { leadIds: freshLeads(3) }),
        callTool(one, 'reveal_leads', { leadIds: freshLeads(3) }),
        callTool(two, 'reveal_leads', { leadIds: freshLeads(3) }),
      ]);
      const paid = results.filter((result) => !result.isError);
      expect(paid).toHaveLength(1);
      for (const refused of results.filter((result) => result.isError)) expect(toolErrorOf(refused).code).toBe('BUDGET_EXCEEDED');
      expect(await spentBy(account.accountId)).toBe(3);
      expect(await revealsOf(account.accountId)).toBe(3);
    });

    it('a read-only key is refused the paid tools and served the free ones', async () => {
      const account = await harness.createAccount(`Reader ${kind}`, 100);
      const key = await keyFor(account.accountId, ['--read-only']);
      const client = await open(kind, key.apiKey);
      for (const [tool, args] of [
        ['reveal_leads', { leadIds: freshLeads(1) }],
        ['start_export', { limit: 5 }],
        ['start_scrape', { domains: ['example.com'] }],
        ['score_icp', { target_icp: 'SaaS companies', email: 'zoe.smith@acme.io' }],
      ] as const) {
        expect(toolErrorOf(await callTool(client, tool, args))).toMatchObject({
          code: 'BUDGET_EXCEEDED',
          details: { limit: 'read_only', remaining: 0 },
        });
      }
      expect((await callTool(client, 'count_leads', {})).isError).toBeFalsy();
      expect((await callTool(client, 'quote_reveal', { leadIds: freshLeads(1) })).structuredContent).toMatchObject({
        credits: 1,
        budget_remaining: { total: 0, day: 0, per_call: 0 },
      });
      expect(await spentBy(account.accountId)).toBe(0);
      expect(await balanceOf(account.accountId)).toBe(100);
    });

    it("start_export → get_export links the CSV with a signed URL; another account's export id answers like an unknown one", async () => {
      const { apiKey, accountId } = await harness.createAccount(`Exporter ${kind}`, 100);
      const client = await open(kind, apiKey);
      const started = await callTool(client, 'start_export', { country: ['US'], limit: 4 });
      expect(started.structuredContent).toMatchObject({
        status: 'queued',
        requested_limit: 4,
        credits_charged: 0,
        balance: 100,
        budget_remaining: null,
      });
      const jobId = (started.structuredContent as any).job_id;
      const job = await until('the export', async () => {
        const polled = (await callTool(client, 'get_export', { id: jobId })).structuredContent as any;
        return polled.status === 'completed' ? polled : undefined;
      });
      expect(job).toMatchObject({
        deliveredRows: 4,
        creditsCharged: 4,
        downloadable: true,
        download_url: expect.stringContaining(`/downloads/exports/${jobId}?`),
      });
      expect(Date.parse(job.download_url_expires_at) - Date.now()).toBeGreaterThan(10 * 60 * 1000);
      expect(await spentBy(accountId)).toBe(4);

      const csv = await fetch(job.download_url);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
      const plain = Buffer.from(await csv.arrayBuffer());
      expect(plain.toString('utf8').trim().split(/\r\n/)).toHaveLength(5);
      const forExcel = await downloadBytes(`${job.download_url}&excel=true`, {});
      expect(forExcel.status).toBe(200);
      expectExcelTwin(plain, forExcel.bytes);
      expect((await fetch(`${job.download_url}&excel=yes`)).status).toBe(400);
      const url = new URL(job.download_url);
      const tampered = [
        `${url.origin}${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 60_000}&signature=${url.searchParams.get('signature')}`,
        `${url.origin}${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'0'.repeat(64)}`,
        `${url.origin}/downloads/exports/${fixtureId(1)}${url.search}`,
        `${url.origin}${url.pathname}`,
      ];
      for (const link of tampered) {
        const refused = await fetch(link);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This download link is not valid.' });
      }

      const short = await open(kind, apiKey, shortLived.url!);
      const link = ((await callTool(short, 'get_export', { id: jobId })).structuredContent as any).download_url;
      expect((await fetch(link)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, SHORT_TTL_MS + 100));
      const expired = await fetch(link);
      expect(expired.status).toBe(403);
      expect(await expired.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/expired/) });

      const stranger = await open(kind, (await harness.createAccount(`Stranger ${kind}`, 10)).apiKey);
      const unknownId = '0d6c7b7e-1111-4222-8333-444455556666';
      const foreign = toolErrorOf(await callTool(stranger, 'get_export', { id: jobId }));
      const unknown = toolErrorOf(await callTool(stranger, 'get_export', { id: unknownId }));
      expect({ ...foreign, message: foreign.message!.replace(jobId, 'ID') }).toEqual({
        ...unknown,
        message: unknown.message!.replace(unknownId, 'ID'),
      });
      expect(foreign.code).toBe('EXPORT_NOT_FOUND');
    });
    it('quote_export → start_export with its quote_id charges at most the quote; a retry, also concurrent, answers the same export; another request or an expired quote starts nothing', async () => {
      const { apiKey, accountId } = await harness.createAccount(`Export quoter ${kind}`, 100);
      const client = await open(kind, apiKey);
      const filters = { country: ['US'], department: ['Sales'] };
      const seen = (await callTool(client, 'browse_leads', { ...filters, limit: 2 })).structuredContent as any;
      await callTool(client, 'reveal_leads', { leadIds: seen.leads.map((lead: { id: string }) => lead.id) });

      const quote = (await callTool(client, 'quote_export', { ...filters, limit: 4 })).structuredContent as any;
      expect(quote).toMatchObject({ new: 4, already_revealed: 2, credits: 4, balance: 98, budget_remaining: null });
      const ttl = Date.parse(quote.expires_at) - Date.now();
      expect(ttl).toBeGreaterThan(9 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);

      const start = (request: Record<string, unknown> = { ...filters, limit: 4 }) =>
        callTool(client, 'start_export', { ...request, quote_id: quote.quote_id });
      const starts = [
        ...(await Promise.all([start(), start(), start()])),
        await start({ department: ['Sales'], country: ['us'], limit: 4 }),
      ];
      const jobIds = starts.map((call) => (call.structuredContent as any).job_id);
      expect(new Set(jobIds).size).toBe(1);
      expect(starts[0].structuredContent).toMatchObject({ requested_limit: 4, credits_charged: 0 });
      const job = await until('the quoted export', async () => {
        const polled = (await callTool(client, 'get_export', { id: jobIds[0] })).structuredContent as any;
        return polled.status === 'completed' ? polled : undefined;
      });
      expect(job).toMatchObject({ deliveredRows: 4, creditsCharged: 4 });
      expect((await start()).structuredContent).toMatchObject({ job_id: jobIds[0], status: 'completed' });

      expect(toolErrorOf(await start({ ...filters, limit: 5 }))).toMatchObject({ code: 'QUOTE_MISMATCH' });
      expect(toolErrorOf(await start({ country: ['CA'], limit: 4 }))).toMatchObject({ code: 'QUOTE_MISMATCH' });
      const unknown = toolErrorOf(
        await callTool(client, 'start_export', { ...filters, limit: 4, quote_id: '4b5f3c1e-0000-4000-8000-000000000000' }),
      );
      expect(unknown).toMatchObject({ code: 'QUOTE_NOT_FOUND', error: 'Quote not found' });
      const stranger = await open(kind, (await harness.createAccount(`Export stranger ${kind}`, 10)).apiKey);
      const foreign = toolErrorOf(await callTool(stranger, 'start_export', { ...filters, limit: 4, quote_id: quote.quote_id }));
      expect(foreign).toEqual({ ...unknown, message: unknown.message!.replace('4b5f3c1e-0000-4000-8000-000000000000', quote.quote_id) });

      const late = await open(kind, apiKey, shortLived.url!);
      const shortQuote = (await callTool(late, 'quote_export', { ...filters, limit: 4 })).structuredContent as any;
      await new Promise((resolve) => setTimeout(resolve, SHORT_TTL_MS + 100));
      const expired = toolErrorOf(await callTool(late, 'start_export', { ...filters, limit: 4, quote_id: shortQuote.quote_id }));
      expect(expired).toMatchObject({ code: 'QUOTE_EXPIRED', message: expect.stringMatching(/nothing was started or charged/) });

      expect(await exportsOf(accountId)).toBe(1);
      expect(await spentBy(accountId)).toBe(6);
      expect(await balanceOf(accountId)).toBe(94);
    });

    it('an export started with a quote charges less when its leads were revealed meanwhile', async () => {
      const { apiKey, accountId } = await harness.createAccount(`Export meanwhile ${kind}`, 100);
      const client = await open(kind, apiKey);
      const quote = (await callTool(client, 'quote_export', { country: ['CA'], limit: 5 })).structuredContent as any;
      expect(quote).toMatchObject({ new: 1, already_revealed: 0, credits: 1 });
      const only = (await callTool(client, 'browse_leads', { country: ['CA'], limit: 5 })).structuredContent as any;
      expect(only.leads).toHaveLength(1);
      await callTool(client, 'reveal_leads', { leadIds: [only.leads[0].id] });
      const started = (await callTool(client, 'start_export', { country: ['CA'], limit: 5, quote_id: quote.quote_id }))
        .structuredContent as any;
      const job = await until('the export', async () => {
        const polled = (await callTool(client, 'get_export', { id: started.job_id })).structuredContent as any;
        return polled.status === 'completed' ? polled : undefined;
      });
      expect(job).toMatchObject({ deliveredRows: 0, creditsCharged: 0 });
      expect(await spentBy(accountId)).toBe(1);
    });
  });

  it('/api/v1 quotes exports the same way: POST /leads/exports/quote, then POST /leads/exports with quote_id; the quote, not the limit, counts against a budget', async () => {
    const account = await harness.createAccount('API export quoter', 100);
    const key = await keyFor(account.accountId, ['--budget-total', '5']);
    const apiKey = key.apiKey;
    const missing = await http(api.url, 'POST', '/api/v1/leads/exports/quote', { apiKey, body: { country: ['CA'] } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('LIMIT_REQUIRED');

    const body = { country: ['CA'], limit: 20 };
    const unquoted = await http(api.url, 'POST', '/api/v1/leads/exports', { apiKey, body });
    expect(unquoted.status).toBe(402);
    expect(unquoted.body).toMatchObject({ code: 'BUDGET_EXCEEDED', details: { limit: 'total', remaining: 5 } });

    const quote = await http(api.url, 'POST', '/api/v1/leads/exports/quote', { apiKey, body });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ new: 1, already_revealed: 0, credits: 1, balance: 100, quote_id: expect.any(String) });
    const start = () => http(api.url, 'POST', '/api/v1/leads/exports', { apiKey, body: { ...body, quote_id: quote.body.quote_id } });
    const [first, second] = [await start(), await start()];
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.job_id).toBe(first.body.job_id);
    await until('the export', async () => {
      const job = await http(api.url, 'GET', `/api/v1/leads/exports/${first.body.job_id}`, { apiKey });
      return job.body.status === 'completed' ? job.body : undefined;
    });
    expect(await spentBy(account.accountId)).toBe(1);

    for (const quoteId of ['not-a-quote', '4b5f3c1e-0000-4000-8000-000000000000']) {
      const refused = await http(api.url, 'POST', '/api/v1/leads/exports', { apiKey, body: { ...body, quote_id: quoteId } });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('QUOTE_NOT_FOUND');
    }
    expect(await exportsOf(account.accountId)).toBe(1);
  });

  it('/api/v1 quotes and pays the same way: POST /leads/reveal/quote, then POST /leads/reveal with quote_id', async () => {
    const { apiKey, accountId } = await harness.createAccount('API quoter', 100);
    const leadIds = freshLeads(3);
    const quote = await http(api.url, 'POST', '/api/v1/leads/reveal/quote', { apiKey, body: { leadIds } });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ new: 3, already_revealed: 0, credits: 3, quote_id: expect.any(String) });
    const reveal = () => http(api.url, 'POST', '/api/v1/leads/reveal', { apiKey, body: { leadIds, quote_id: quote.body.quote_id } });
    const [first, second] = [await reveal(), await reveal()];
    expect(first.body).toMatchObject({ credits_charged: 3, new_reveals: 3 });
    expect(second.body).toEqual(first.body);
    const mismatch = await http(api.url, 'POST', '/api/v1/leads/reveal', {
      apiKey,
      body: { leadIds: leadIds.slice(0, 2), quote_id: quote.body.quote_id },
    });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.code).toBe('QUOTE_MISMATCH');
    expect(await spentBy(accountId)).toBe(3);
  });

  it('a revoked key is refused /mcp with 403 before any tool runs', async () => {
    const account = await harness.createAccount('Revoked', 100);
    const key = await keyFor(account.accountId, []);
    const client = await open('v2-2026', key.apiKey);
    expect((await callTool(client, 'get_credits')).structuredContent).toMatchObject({ balance: 100 });
    expect((await harness.operator(['keys:revoke', '--key', key.keyId])).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const call = await http(api.url, 'POST', '/mcp', {
      body: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'reveal_leads', arguments: { leadIds: freshLeads(1) } } },
      headers: { accept: 'application/json, text/event-stream', 'x-api-key': key.apiKey, 'mcp-protocol-version': '2026-07-28' },
    });
    expect(call.status).toBe(403);
    expect(call.body).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32001, data: { code: 'INVALID_API_KEY' } } });
    await expect(callTool(client, 'reveal_leads', { leadIds: freshLeads(1) })).rejects.toThrow(/Invalid API key/);
    await expect(connectMcp('v1', api.url!, keyHeaders('v1', key.apiKey))).rejects.toThrow(/Invalid API key/);
    expect(await spentBy(account.accountId)).toBe(0);
  });
});
