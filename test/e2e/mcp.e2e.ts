import { useHarness } from './support/harness';
import { http } from './support/http';
import { callTool, connectMcp as connect, McpClient } from './support/mcp-client';
import { FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { FIXTURE_COMPANIES } from './support/lead-fixture';

const FREE_TOOL_NAMES = [
  'browse_leads',
  'count_leads',
  'get_credits',
  'get_export',
  'get_scrape_results',
  'list_filter_values',
  'list_revealed_leads',
  'quote_export',
  'quote_reveal',
];
const PAID_TOOL_NAMES = ['reveal_leads', 'score_icp', 'start_export', 'start_scrape'];
const FILTERS = { industry: ['Computer Software'], seniority: ['Director', 'C-Level'] };

describe('/mcp: the free tools over Streamable HTTP', () => {
  const harness = useHarness({
    label: 'mcp',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let engine: typeof harness.engine;
  let apiKey: string;
  let accountId: string;

  const rawMcp = (headers: Record<string, string>, body: unknown = { jsonrpc: '2.0', id: 7, method: 'tools/list' }) =>
    http(engine.url, 'POST', '/mcp', { body, headers: { accept: 'application/json, text/event-stream', ...headers } });

  beforeAll(async () => {
    engine = harness.engine;
    ({ apiKey, accountId } = await harness.createAccount('Agent', 500));
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const count = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: {} });
      if (count.body.estimated_total === FIXTURE_CONTACTS.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  describe.each(['v2-2026', 'v2-2025', 'v1'] as const)('%s client', (kind) => {
    let client: McpClient;

    beforeAll(async () => {
      client = await connect(kind, engine.url, kind === 'v1' ? { authorization: `Bearer ${apiKey}` } : { 'x-api-key': apiKey });
    });
    afterAll(async () => client?.close());

    it('lists the free tools with their schemas and honest annotations', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...FREE_TOOL_NAMES, ...PAID_TOOL_NAMES].sort());
      for (const tool of tools.filter((listed) => FREE_TOOL_NAMES.includes(listed.name))) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema.type).toBe('object');
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
        expect(tool.description).toMatch(/Free: costs no credits/);
      }
      const count = tools.find((tool) => tool.name === 'count_leads')!;
      expect(Object.keys(count.inputSchema.properties)).toEqual(
        expect.arrayContaining(['industry', 'jobTitles', 'maxPerCompany', 'matchAny']),
      );
      expect(count.outputSchema.required).toEqual(
        expect.arrayContaining(['estimated_total', 'firmographic_total', 'narrowed_by', 'keywords']),
      );
      expect(count.description).toMatch(/list_filter_values/);
      expect(count.description).toMatch(/browse_leads/);
      const browse = tools.find((tool) => tool.name === 'browse_leads')!;
      expect(Object.keys(browse.inputSchema.properties)).toEqual(expect.arrayContaining(['page', 'limit', 'industry']));
      const values = tools.find((tool) => tool.name === 'list_filter_values')!;
      expect(values.inputSchema.properties.field.enum).toEqual([
        'industry',
        'seniority',
        'country',
        'department',
        'company_size',
        'revenue',
      ]);
    });

    it('count_leads answers what POST /api/v1/leads/search answers', async () => {
      for (const filters of [{}, FILTERS, { includeKeywords: ['saas', 'food'] }, { industry: ['Underwater Basket Weaving'] }]) {
        const api = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: filters });
        const result = await callTool(client, 'count_leads', filters);
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual(api.body);
        expect(JSON.parse(result.content[0].text!)).toEqual(api.body);
      }
      const none = await callTool(client, 'count_leads', { industry: ['Underwater Basket Weaving'] });
      expect(none.structuredContent).toMatchObject({ estimated_total: 0, narrowed_by: { filter: expect.any(String) } });
    });

    it('list_filter_values answers what GET /api/v1/leads/filters?field= answers', async () => {
      for (const field of ['industry', 'seniority', 'company_size']) {
        const api = await http(engine.url, 'GET', `/api/v1/leads/filters?field=${field}`, { apiKey });
        const result = await callTool(client, 'list_filter_values', { field });
        expect(result.structuredContent).toEqual(api.body);
      }
    });

    it('browse_leads pages masked rows exactly as POST /api/v1/leads/browse does', async () => {
      for (const request of [{ ...FILTERS }, { page: 1, limit: 3 }, { page: 2, limit: 3 }]) {
        const api = await http(engine.url, 'POST', '/api/v1/leads/browse', { apiKey, body: request });
        const result = await callTool(client, 'browse_leads', request);
        expect(result.structuredContent).toEqual(api.body);
      }
      const page = (await callTool(client, 'browse_leads', { limit: 3 })).structuredContent as any;
      expect(page.next_page).toBe(2);
      expect(page.leads[0].email).toContain('***');
      expect(page.leads[0].companyDomain).toBeNull();
    });

    it('get_credits answers the balance and totals of GET /api/v1/credits, and the price of every paid tool', async () => {
      const api = await http(engine.url, 'GET', '/api/v1/credits', { apiKey });
      expect(api.body.balance).toBe(500);
      const { prices, ...balance } = (await callTool(client, 'get_credits')).structuredContent as { prices: any[] };
      expect(balance).toEqual(api.body);
      expect(prices.map((price) => price.tool).sort()).toEqual([...PAID_TOOL_NAMES].sort());
      expect(prices.find((price) => price.tool === 'score_icp')).toMatchObject({ credits: 1 });
      const { tools } = await client.listTools();
      for (const tool of tools.filter((listed) => PAID_TOOL_NAMES.includes(listed.name))) {
        expect({ tool: tool.name, priced: /\b1 credit\b/.test(tool.description) }).toEqual({ tool: tool.name, priced: true });
      }
      expect(tools.find((tool) => tool.name === 'get_credits')!.description).toMatch(/score_icp 1 credit per scored company/);
    });

    it('answers a bad filter with a tool error carrying the API code and message, not a protocol error', async () => {
      for (const [tool, args, path] of [
        ['count_leads', { maxPerCompany: 0 }, '/api/v1/leads/search'],
        ['count_leads', { industries: ['Computer Software'] }, '/api/v1/leads/search'],
        ['browse_leads', { limit: 5000 }, '/api/v1/leads/browse'],
      ] as const) {
        const api = await http(engine.url, 'POST', path, { apiKey, body: args });
        expect(api.status).toBe(400);
        const result = await callTool(client, tool, args);
        expect(result.isError).toBe(true);
        expect(JSON.parse(result.content[0].text!)).toEqual(api.body);
        expect(api.body.code).toBe('VALIDATION_ERROR');
      }
      const field = await callTool(client, 'list_filter_values', { field: 'colour' });
      expect(field.isError).toBe(true);
      expect(JSON.parse(field.content[0].text!).code).toBe('VALIDATION_ERROR');
    });
  });

  it('refuses a missing, malformed, unknown or revoked key with 403 and a JSON-RPC error, through raw HTTP and the SDK clients', async () => {
    const created = await harness.cli(['keys:create', '--account', accountId, '--json']);
    const revokedKey = JSON.parse(created.stdout) as { keyId: string; apiKey: string };
    expect((await harness.cli(['keys:revoke', '--key', revokedKey.keyId])).code).toBe(0);
    const refusals = [
      [{}, 'AUTH_REQUIRED'],
      [{ authorization: `Basic ${apiKey}` }, 'AUTH_REQUIRED'],
      [{ authorization: 'Bearer not-a-key' }, 'INVALID_API_KEY'],
      [{ 'x-api-key': `${apiKey.slice(0, -4)}0000` }, 'INVALID_API_KEY'],
      [{ 'x-api-key': revokedKey.apiKey }, 'INVALID_API_KEY'],
      [{ authorization: `Bearer ${revokedKey.apiKey}` }, 'INVALID_API_KEY'],
    ] as const;
    for (const [headers, code] of refusals) {
      const response = await rawMcp(headers);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32001, message: expect.any(String), data: { code } } });
    }
    await expect(connect('v2-2026', engine.url, {})).rejects.toThrow(/denied access \(HTTP 403\)/);
    await expect(connect('v2-2025', engine.url, { 'x-api-key': revokedKey.apiKey })).rejects.toThrow(/Invalid API key/);
    await expect(connect('v1', engine.url, { authorization: `Bearer ${revokedKey.apiKey}` })).rejects.toThrow(/Invalid API key/);
  });

  it('takes the key from X-API-Key or Authorization: Bearer alike, and counts /mcp in the rate limit', async () => {
    for (const headers of [{ 'x-api-key': apiKey }, { authorization: `Bearer ${apiKey}` }]) {
      const response = await rawMcp(headers, {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).not.toBeNull();
      const body = typeof response.body === 'string' ? JSON.parse(response.text.replace(/^[\s\S]*?data: /, '')) : response.body;
      expect(body.result.serverInfo.name).toBe('lead-engine');
    }
  });

  it('is not served by a worker, which serves no HTTP at all', async () => {
    const worker = await harness.startEngine({ ENGINE_ROLE: 'worker' });
    try {
      expect(worker.url).toBeNull();
      const { McpServerFactory } = await import('../../apps/engine/src/modules/mcp/mcp-server.factory');
      expect(() => worker.app.get(McpServerFactory)).toThrow();
    } finally {
      await worker.close();
    }
  });
});
