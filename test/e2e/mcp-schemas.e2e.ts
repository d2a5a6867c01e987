import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { callTool, connectMcp, keyHeaders, McpClient, ToolResult } from './support/mcp-client';
import { seedLeads } from './support/seed-leads';

/** The codes a tool answers when its arguments are wrong or missing, as opposed to a refusal of the work. */
const ARGUMENT_CODES = ['VALIDATION_ERROR', 'LEAD_IDS_REQUIRED', 'LIMIT_REQUIRED', 'DOMAINS_REQUIRED', 'BAD_ID'];

const refusedArguments = (result: ToolResult) =>
  result.isError === true && ARGUMENT_CODES.includes(JSON.parse(result.content[0].text!).code);

/** One spelling per filter in what a client lists; the other spelling of each is still taken. */
const DOCUMENTED_FILTERS = [
  'industry',
  'seniority',
  'country',
  'companySize',
  'revenue',
  'department',
  'companyType',
  'jobTitles',
  'excludeTitles',
  'includeKeywords',
  'excludeKeywords',
  'maxPerCompany',
  'exactMatch',
  'matchAny',
];

describe('/mcp: tool schemas a strict JSON Schema validator takes and the server agrees with', () => {
  const harness = useHarness({
    label: 'mcp_schemas',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let apiKey: string;
  let client: McpClient;
  let tools: Array<{ name: string; description: string; inputSchema: any; outputSchema: any }>;
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));

  beforeAll(async () => {
    ({ apiKey } = await harness.createAccount('Schema agent', 500));
    client = await connectMcp('v2-2025', harness.engine.url, keyHeaders('v2-2025', apiKey));
    ({ tools } = await client.listTools());
  });
  afterAll(async () => client?.close());

  it('lists every input and output schema so that ajv compiles it in strict mode, with only standard keywords', () => {
    const refused: string[] = [];
    for (const tool of tools) {
      for (const [side, schema] of [
        ['input', tool.inputSchema],
        ['output', tool.outputSchema],
      ] as const) {
        try {
          ajv.compile(schema);
        } catch (error) {
          refused.push(`${tool.name} ${side}: ${(error as Error).message}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(tools).toHaveLength(13);
  });

  it('documents one name per filter, and still takes the other spelling', async () => {
    for (const name of ['count_leads', 'browse_leads', 'quote_export', 'start_export']) {
      const filters = Object.keys(tools.find((tool) => tool.name === name)!.inputSchema.properties).filter(
        (key) => !['page', 'limit', 'quote_id'].includes(key),
      );
      expect({ name, filters }).toEqual({ name, filters: DOCUMENTED_FILTERS });
    }
    const documented = await callTool(client, 'count_leads', { industry: ['Computer Software'], seniority: ['Director', 'C-Level'] });
    const alias = await callTool(client, 'count_leads', { industryNames: 'Computer Software', seniorities: ['Director', 'C-Level'] });
    expect(alias.structuredContent!.estimated_total).toBe(documented.structuredContent!.estimated_total);
    expect(documented.structuredContent!.estimated_total).toBeGreaterThan(0);
  });

  it('declares only what it does: tools, with no list_changed notifications to send', () => {
    const capabilities = (client as unknown as { getServerCapabilities(): Record<string, any> }).getServerCapabilities();
    expect(capabilities.tools).toEqual({ listChanged: false });
  });

  it('marks as required exactly the arguments without which the server refuses the call', async () => {
    const browsed = (await callTool(client, 'browse_leads', { limit: 2 })).structuredContent as { leads: Array<{ id: string }> };
    const leadIds = browsed.leads.map((lead) => lead.id);
    // Each tool's smallest call that does its work; later ones use what earlier ones answered.
    const calls: Array<[string, () => Record<string, unknown>]> = [];
    const answered: Record<string, any> = {};
    calls.push(
      ['count_leads', () => ({})],
      ['list_filter_values', () => ({ field: 'industry' })],
      ['browse_leads', () => ({})],
      ['list_revealed_leads', () => ({})],
      ['quote_reveal', () => ({ leadIds })],
      ['reveal_leads', () => ({ leadIds: leadIds.slice(0, 1) })],
      ['quote_export', () => ({ limit: 1 })],
      ['start_export', () => ({ limit: 1 })],
      ['get_export', () => ({ id: answered.start_export.job_id })],
      ['score_icp', () => ({ target_icp: 'Software companies', email: 'ceo@lead-engine-test.invalid' })],
      ['score_icp', () => ({ target_icp: 'Software companies', first_name: 'Ada', last_name: 'L', domain: 'lead-engine-test.invalid' })],
      ['start_scrape', () => ({ domains: ['lead-engine-test.invalid'] })],
      ['get_scrape_results', () => ({ id: answered.start_scrape.id })],
      ['get_credits', () => ({})],
    );
    expect(new Set(calls.map(([name]) => name))).toEqual(new Set(tools.map((tool) => tool.name)));

    const verdicts: Array<{ tool: string; args: string[]; schema: boolean; server: boolean }> = [];
    for (const [name, argumentsOf] of calls) {
      const tool = tools.find((listed) => listed.name === name)!;
      const validate = ajv.compile(tool.inputSchema);
      const full = argumentsOf();
      const whole = await callTool(client, name, full);
      expect({ name, refused: refusedArguments(whole) }).toEqual({ name, refused: false });
      if (!whole.isError) answered[name] ??= whole.structuredContent;
      verdicts.push({ tool: name, args: Object.keys(full), schema: validate(full), server: true });
      for (const key of Object.keys(full)) {
        const { [key]: _dropped, ...without } = full;
        const result = await callTool(client, name, without);
        verdicts.push({ tool: name, args: Object.keys(without), schema: validate(without), server: !refusedArguments(result) });
      }
      for (const key of tool.inputSchema.required ?? []) expect({ name, key, given: key in full }).toEqual({ name, key, given: true });
    }
    const disagreements = verdicts.filter((verdict) => verdict.schema !== verdict.server);
    expect(disagreements).toEqual([]);
    const requiredOf = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema.required ?? [];
    expect(requiredOf('reveal_leads')).toEqual(['leadIds']);
    expect(requiredOf('quote_reveal')).toEqual(['leadIds']);
    expect(requiredOf('start_export')).toEqual(['limit']);
    expect(requiredOf('quote_export')).toEqual(['limit']);
    expect(requiredOf('start_scrape')).toEqual(['domains']);
  });

  it('lists tools in under 63 KB (74 KB with both spellings of every filter and zod’s format regexes; count and browse’s unknown_values add 6 KB)', async () => {
    const listed = await http(harness.engine.url, 'POST', '/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { accept: 'application/json, text/event-stream', 'x-api-key': apiKey },
    });
    const body = typeof listed.body === 'string' ? JSON.parse(listed.text.replace(/^[\s\S]*?data: /, '')) : listed.body;
    const bytes = Buffer.byteLength(JSON.stringify(body.result));
    process.stdout.write(`tools/list result: ${bytes} bytes\n`);
    expect(bytes).toBeLessThan(63_000);
  });
});
