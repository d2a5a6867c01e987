import type { BrowseRequestInput, FilterSetInput } from '@lead-engine/contracts';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { callTool, connectMcp, keyHeaders, McpClient } from './support/mcp-client';
import { seedLeads } from './support/seed-leads';

/** One unknown value for each enumerable filter, each a near miss of a value the fixture holds or the filter defines. */
const NEAR_MISSES: FilterSetInput = {
  seniority: ['Director', 'C-Level'],
  department: ['Engineerng'],
  country: ['usa'],
  industry: ['computer software'],
  companySize: ['51-100'],
  revenue: ['$10m-50m'],
};
const REPORTED = {
  seniorities: [{ value: 'C-Level', nearest: ['C-Suite'] }],
  departments: [{ value: 'Engineerng', nearest: ['Engineering'] }],
  countryCodes: [{ value: 'USA', nearest: ['US'] }],
  industryNames: [{ value: 'computer software', nearest: ['Computer Software'] }],
  companySizes: [{ value: '51-100', nearest: ['51-200', '51 to 100'] }],
  revenues: [{ value: '$10m-50m', nearest: ['$10M-50M'] }],
};
const KNOWN: FilterSetInput = {
  seniority: ['Director', 'C-Suite'],
  department: ['Engineering'],
  country: ['us'],
  industry: ['Computer Software'],
  companySize: ['51-200', '51 to 100'],
  revenue: ['$10M-50M'],
  jobTitles: ['C-Level'],
};

describe('leads: unknown filter values are reported with the nearest valid ones, on /api/v1 and MCP alike', () => {
  const harness = useHarness({
    label: 'unknown_values',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let apiKey: string;
  let mcp: McpClient;

  const search = async (body: FilterSetInput) => http(harness.url, 'POST', '/api/v1/leads/search', { apiKey, body });
  const browse = async (body: BrowseRequestInput) => http(harness.url, 'POST', '/api/v1/leads/browse', { apiKey, body });

  beforeAll(async () => {
    ({ apiKey } = await harness.createAccount('Unknown values'));
    const deadline = Date.now() + 5000;
    while ((await search({})).body.estimated_total !== FIXTURE_CONTACTS.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    mcp = await connectMcp('v2-2026', harness.url, keyHeaders('v2-2026', apiKey));
  });
  afterAll(async () => mcp?.close());

  it('POST /leads/search names each unknown value under its filter with the nearest valid values', async () => {
    const answer = await search(NEAR_MISSES);
    expect(answer.status).toBe(200);
    expect(answer.body.unknown_values).toEqual(REPORTED);
    expect(answer.body.estimated_total).toBe(0);
    const typed = await harness.api(apiKey)('countLeads', { body: NEAR_MISSES });
    expect(typed.unknown_values).toEqual(REPORTED);
  });

  it('leaves the counts as they were: an unknown value matches nothing, beside known ones it adds nothing', async () => {
    const director = (await search({ seniority: ['Director'] })).body;
    const withUnknown = (await search({ seniority: ['Director', 'C-Level'] })).body;
    expect(director.estimated_total).toBeGreaterThan(0);
    expect(withUnknown).toMatchObject({
      estimated_total: director.estimated_total,
      firmographic_total: director.firmographic_total,
      unknown_values: { seniorities: [{ value: 'C-Level', nearest: ['C-Suite'] }] },
    });
    expect(withUnknown.filters.seniorities).toEqual(['Director', 'C-Level']);
    const alone = (await search({ seniority: ['C-Level'] })).body;
    expect(alone).toMatchObject({ estimated_total: 0, narrowed_by: { filter: 'seniorities' } });
  });

  it('answers no unknown_values field when every value is known, free text included', async () => {
    for (const body of [{}, KNOWN, { seniorities: ['Senior'], excludeTitles: ['Nobody'], includeKeywords: ['zzz'] }]) {
      const counted = await search(body);
      expect(counted.status).toBe(200);
      expect(counted.body).not.toHaveProperty('unknown_values');
      const page = await browse(body);
      expect(page.status).toBe(200);
      expect(page.body).not.toHaveProperty('unknown_values');
    }
    const { jobTitles: _freeText, ...knownValues } = KNOWN;
    expect((await search(knownValues)).body.estimated_total).toBeGreaterThan(0);
  });

  it('POST /leads/browse reports them too, and browses the same rows as without them', async () => {
    const withUnknown = await browse({ seniority: ['Director', 'C-Level'], limit: 5 });
    const without = await browse({ seniority: ['Director'], limit: 5 });
    expect(withUnknown.body.unknown_values).toEqual({ seniorities: [{ value: 'C-Level', nearest: ['C-Suite'] }] });
    expect(withUnknown.body.leads).toEqual(without.body.leads);
    expect(withUnknown.body.total).toBe(without.body.total);
    expect((await browse({ ...NEAR_MISSES, page: 2 })).body.unknown_values).toEqual(REPORTED);
  });

  it('MCP count_leads and browse_leads report what /api/v1 reports, and nothing when every value is known', async () => {
    for (const [tool, path] of [
      ['count_leads', '/api/v1/leads/search'],
      ['browse_leads', '/api/v1/leads/browse'],
    ] as const) {
      const result = await callTool(mcp, tool, NEAR_MISSES);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent!.unknown_values).toEqual(REPORTED);
      expect(JSON.parse(result.content[0].text!).unknown_values).toEqual(REPORTED);
      const api = await http(harness.url, 'POST', path, { apiKey, body: NEAR_MISSES });
      expect(result.structuredContent).toEqual(api.body);

      const known = await callTool(mcp, tool, KNOWN);
      expect(known.isError).toBeFalsy();
      expect(known.structuredContent).not.toHaveProperty('unknown_values');
      expect(JSON.parse(known.content[0].text!)).not.toHaveProperty('unknown_values');
    }
    const cLevel = (await callTool(mcp, 'count_leads', { seniority: 'C-Level' })).structuredContent!;
    expect(cLevel).toMatchObject({ estimated_total: 0, unknown_values: { seniorities: [{ value: 'C-Level', nearest: ['C-Suite'] }] } });
  });
});
