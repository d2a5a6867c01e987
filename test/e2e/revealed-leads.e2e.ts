import { REVEALED_LEADS_CSV_COLUMNS } from '@lead-engine/contracts';
import { parse } from 'csv-parse/sync';
import { downloadBytes, expectExcelTwin } from './support/csv-for-excel';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { callTool, connectMcp, toolErrorOf } from './support/mcp-client';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

const idOf = (n: number) => FIXTURE_CONTACTS[n - 1].id!;
const REVEALED = [idOf(1), idOf(4), idOf(6)];

interface Entry {
  id: string;
  email: string;
  emailStatus: string;
  revealedAt: string;
  revealedThrough: 'reveal' | 'export';
  exportId: string | null;
  reference: string;
  revealedBy: { key: { id: string; name: string; prefix: string } | null; user: { id: string; name: string } | null };
}

/**
 * GET /api/v1/leads/revealed (and its CSV, and MCP's list_revealed_leads): every lead the account paid
 * for, by reveal or export, newest first, with who and how, free; the Leads filters, a text search and
 * one reveal's or export's leads; no other account's.
 */
describe('revealed leads: what the account paid for, listed and downloaded again for free', () => {
  const harness = useHarness({
    label: 'revealed_leads',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let apiKey: string;
  let accountId: string;
  let exportId: string;

  const list = (query = '', key = apiKey) => http(harness.url, 'GET', `/api/v1/leads/revealed${query}`, { apiKey: key });
  const balance = async () => Number((await harness.query('SELECT balance FROM accounts WHERE id = $1', [accountId]))[0].balance);

  beforeAll(async () => {
    ({ apiKey, accountId } = await harness.createAccount('Owner of leads', 100));
    await until('the lead table loaded', async () => {
      const count = await http(harness.url, 'POST', '/api/v1/leads/search', { apiKey, body: {} });
      return count.body.estimated_total === FIXTURE_CONTACTS.length ? true : undefined;
    });
    const revealed = await http(harness.url, 'POST', '/api/v1/leads/reveal', { apiKey, body: { leadIds: REVEALED } });
    expect(revealed.body).toMatchObject({ new_reveals: 3, credits_charged: 3 });
    const started = await http(harness.url, 'POST', '/api/v1/leads/exports', { apiKey, body: { limit: 2 } });
    expect(started.status).toBe(202);
    exportId = started.body.job_id;
    await until('the export to complete', async () => {
      const job = await http(harness.url, 'GET', `/api/v1/leads/exports/${exportId}`, { apiKey });
      return job.body.status === 'completed' ? job.body : undefined;
    });
  });

  it('lists every revealed and exported lead newest first, with how, when and through which key; reading costs nothing', async () => {
    const before = await balance();
    const page = await list();
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(5);
    expect(page.body.next_cursor).toBeNull();
    const leads = page.body.leads as Entry[];
    expect(leads.map((lead) => lead.revealedThrough)).toEqual(['export', 'export', 'reveal', 'reveal', 'reveal']);
    expect(
      leads
        .slice(2)
        .map((lead) => lead.id)
        .sort(),
    ).toEqual([...REVEALED].sort());
    expect(leads.slice(0, 2).every((lead) => lead.exportId === exportId && lead.reference === `export:${exportId}`)).toBe(true);
    const revealReferences = new Set(leads.slice(2).map((lead) => lead.reference));
    expect(revealReferences.size).toBe(1);
    expect([...revealReferences][0]).toMatch(/^reveal:[0-9a-f-]{36}$/);
    expect(leads.slice(2).every((lead) => lead.exportId === null)).toBe(true);
    expect(Date.parse(leads[0].revealedAt)).toBeGreaterThanOrEqual(Date.parse(leads[4].revealedAt));
    // Full details: the address as stored, its status, and the key that paid.
    const zoe = leads.find((lead) => lead.id === idOf(1))!;
    expect(zoe).toMatchObject({ email: 'zoe.smith@acme.io', fullName: 'Zoë Smith', companyDomain: 'acme.io' });
    expect(typeof zoe.emailStatus).toBe('string');
    const [key] = await harness.query('SELECT id, name, lookup_prefix FROM api_keys WHERE account_id = $1', [accountId]);
    for (const lead of leads) expect(lead.revealedBy.key).toEqual({ id: key.id, name: key.name, prefix: key.lookup_prefix });

    expect((await http(harness.url, 'GET', '/api/v1/leads/revealed/csv', { apiKey })).status).toBe(200);
    expect(await balance()).toBe(before);
    // And what the account has is left out of browse, as before.
    const browse = await http(harness.url, 'POST', '/api/v1/leads/browse', { apiKey, body: { limit: 100 } });
    expect(browse.body.total).toBe(FIXTURE_CONTACTS.length - 5);
  });

  it('pages by cursor without a lead twice or missed, and refuses a cursor it did not give out', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(5);
      seen.push(...page.body.leads.map((lead: Entry) => lead.id));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual((await list()).body.leads.map((lead: Entry) => lead.id));

    const forged = await list('?cursor=not-a-cursor');
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('VALIDATION_ERROR');
    expect((await list('?limit=1001')).status).toBe(400);
  });

  it('takes the Leads filters, a text search and one reveal or export', async () => {
    const ids = async (query: string) => {
      const page = await list(query);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(page.body.leads.length);
      return (page.body.leads as Entry[]).map((lead) => lead.id).sort();
    };
    // Revealed: Zoë (acme, US), Carl (springfield, US), José (state-u, CA); exported: Ana and Bob (acme, US).
    expect(await ids('?country=CA')).toEqual([idOf(6)]);
    expect(await ids('?industry=Computer%20Software&seniority=C-Suite')).toEqual([idOf(1), idOf(2)].sort());
    expect(await ids('?jobTitles=director&jobTitles=professor')).toEqual([idOf(3), idOf(4), idOf(6)].sort());
    expect(await ids('?jobTitles=cto&exactMatch=true')).toEqual([idOf(2)]);
    expect(await ids('?companyType=government')).toEqual([idOf(4)]);
    expect(await ids('?country=DE')).toEqual([]);
    // Text in the full name, the company's name or the email, case-insensitive, wildcards taken literally.
    expect(await ids('?q=m%C3%BCller')).toEqual([idOf(6)]);
    expect(await ids('?q=springfield')).toEqual([idOf(4)]);
    expect(await ids('?q=ANA%40')).toEqual([idOf(2)]);
    expect(await ids('?q=%25')).toEqual([]);
    expect(await ids('?q=zo%C3%AB%20smith&country=US')).toEqual([idOf(1)]);

    expect(await ids(`?reference=export:${exportId}`)).toEqual([idOf(2), idOf(3)].sort());
    const revealReference = (await list()).body.leads.find((lead: Entry) => lead.revealedThrough === 'reveal').reference;
    expect(await ids(`?reference=${revealReference}`)).toEqual([...REVEALED].sort());

    const unknownType = await list('?companyType=martian');
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.code).toBe('UNKNOWN_COMPANY_TYPE');
    for (const refused of ['?maxPerCompany=1', '?reference=scrape:1', '?exactMatch=yes', `?q=${'x'.repeat(201)}`]) {
      const answer = await list(refused);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('downloads them as CSV, newest first, with the email status and how each was revealed, safe in a spreadsheet', async () => {
    const answer = await http(harness.url, 'GET', '/api/v1/leads/revealed/csv', { apiKey });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="revealed-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.text.endsWith('\r\n')).toBe(true);
    const records: string[][] = parse(answer.text);
    expect(records[0]).toEqual([...REVEALED_LEADS_CSV_COLUMNS]);
    const listed = (await list()).body.leads as Entry[];
    expect(records.slice(1).map((record) => record[2])).toEqual(listed.map((lead) => lead.email));
    const column = (name: string) => REVEALED_LEADS_CSV_COLUMNS.indexOf(name as (typeof REVEALED_LEADS_CSV_COLUMNS)[number]);
    expect(records.slice(1).map((record) => record[column('Revealed Through')])).toEqual(listed.map((lead) => lead.revealedThrough));
    expect(records[1][column('Export Id')]).toBe(exportId);
    expect(records.slice(1).map((record) => record[column('Email Status')])).toEqual(listed.map((lead) => lead.emailStatus));
    // The company name with a comma and quotes comes back whole.
    expect(records[1][column('Company')]).toBe('Acme, "Cloud" Inc.');

    const filtered = parse(
      await (await fetch(`${harness.url}/api/v1/leads/revealed/csv?country=CA`, { headers: { 'x-api-key': apiKey } })).text(),
    );
    expect(filtered).toHaveLength(2);
    expect(filtered[1][2]).toBe('jose@state-u.edu');

    // For Excel: the same selection behind the UTF-8 mark.
    const csvUrl = `${harness.url}/api/v1/leads/revealed/csv?country=CA`;
    const plain = await downloadBytes(csvUrl, { 'x-api-key': apiKey });
    const excel = await downloadBytes(`${csvUrl}&excel=true`, { 'x-api-key': apiKey });
    expect([plain.status, excel.status]).toEqual([200, 200]);
    expectExcelTwin(plain.bytes, excel.bytes);
    const refused = await http(harness.url, 'GET', '/api/v1/leads/revealed/csv?excel=1', { apiKey });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
  });

  it("shows no other account's leads, and needs a key", async () => {
    const other = await harness.createAccount('Someone else', 10);
    const page = await list('', other.apiKey);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ leads: [], total: 0, next_cursor: null });
    const csv = await http(harness.url, 'GET', '/api/v1/leads/revealed/csv', { apiKey: other.apiKey });
    expect(parse(csv.text)).toHaveLength(1);
    expect((await http(harness.url, 'GET', '/api/v1/leads/revealed')).status).toBe(401);
    // A reference of this account's export names nothing for the other.
    expect((await list(`?reference=export:${exportId}`, other.apiKey)).body.total).toBe(0);
  });

  it('names the user who paid: in the app, or through a key they created', async () => {
    const team = await harness.createAccount('Team', 20);
    const member = await harness.signIn({ accountId: team.accountId, role: 'member', name: 'Max Member' });
    const quote = await member.client.json<{ quote_id: string }>('POST', '/console/api/leads/reveal/quote', {
      body: { leadIds: [idOf(5)] },
    });
    const inApp = await member.client.json('POST', '/console/api/leads/reveal', {
      body: { leadIds: [idOf(5)], quote_id: quote.body.quote_id },
    });
    expect(inApp.status).toBe(200);
    const created = await member.client.json<{ id: string; key: string }>('POST', '/console/api/keys', { body: { name: 'Max key' } });
    expect(created.status).toBe(201);
    expect(
      (await http(harness.url, 'POST', '/api/v1/leads/reveal', { apiKey: created.body.key, body: { leadIds: [idOf(7)] } })).status,
    ).toBe(200);

    const leads = (await list('', team.apiKey)).body.leads as Entry[];
    expect(leads.map((lead) => [lead.id, lead.revealedBy])).toEqual([
      [
        idOf(7),
        { key: expect.objectContaining({ id: created.body.id, name: 'Max key' }), user: { id: member.userId, name: 'Max Member' } },
      ],
      [idOf(5), { key: null, user: { id: member.userId, name: 'Max Member' } }],
    ]);
  });

  it('MCP list_revealed_leads answers what the API answers, for free', async () => {
    const client = await connectMcp('v2-2026', harness.url, { 'x-api-key': apiKey });
    try {
      const before = await balance();
      const result = await callTool(client, 'list_revealed_leads', { countryCodes: ['US'], limit: 2 });
      expect(result.isError).toBeFalsy();
      const api = await list('?countryCodes=US&limit=2');
      expect(result.structuredContent).toEqual(api.body);
      const next = await callTool(client, 'list_revealed_leads', { countryCodes: ['US'], limit: 2, cursor: api.body.next_cursor });
      expect(next.structuredContent).toEqual(
        (await list(`?countryCodes=US&limit=2&cursor=${encodeURIComponent(api.body.next_cursor)}`)).body,
      );
      expect(await balance()).toBe(before);
      expect(toolErrorOf(await callTool(client, 'list_revealed_leads', { companyTypes: ['martian'] })).code).toBe('UNKNOWN_COMPANY_TYPE');
      expect(toolErrorOf(await callTool(client, 'list_revealed_leads', { maxPerCompany: 1 })).code).toBe('VALIDATION_ERROR');
    } finally {
      await client.close();
    }
  });

  it('is in the OpenAPI document', async () => {
    const document = (await http(harness.url, 'GET', '/api/v1/openapi.json')).body;
    expect(document.paths['/api/v1/leads/revealed'].get.operationId).toBe('listRevealedLeads');
    expect(document.paths['/api/v1/leads/revealed/csv'].get.operationId).toBe('downloadRevealedLeads');
  });
});
