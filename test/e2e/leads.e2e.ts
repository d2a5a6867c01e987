import type { BrowseRequestInput, FilterSetInput } from '@lead-engine/contracts';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS, fixtureId } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { refusalOf } from './support/refusal';

describe('leads: filters, count, browse and reveal', () => {
  const harness = useHarness({
    label: 'leads',
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let engine: typeof harness.engine;
  let apiKey: string;

  const count = async (body: FilterSetInput) => harness.api(apiKey, engine.url)('countLeads', { body });
  const total = async (body: FilterSetInput) => (await count(body)).estimated_total;
  const browse = async (body: BrowseRequestInput, key = apiKey) => harness.api(key, engine.url)('browseLeads', { body });
  const reveal = async (leadIds: string[] | undefined, key = apiKey) => harness.api(key, engine.url)('revealLeads', { body: { leadIds } });
  /** The raw reveal, for an Idempotency-Key header and the headers of the answer. */
  const revealRaw = async (leadIds: string[], key: string, headers: Record<string, string>) =>
    http(engine.url, 'POST', '/api/v1/leads/reveal', { apiKey: key, body: { leadIds }, headers });
  const balance = async (key: string) => (await harness.api(key, engine.url)('getCredits')).balance;

  beforeAll(async () => {
    engine = harness.engine;
    ({ apiKey } = await harness.createAccount('Browser'));
    const deadline = Date.now() + 5000;
    while ((await total({})) !== FIXTURE_CONTACTS.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  describe('count', () => {
    it('counts every filter and alias exactly', async () => {
      expect(await total({})).toBe(8);
      expect(await total({ industry: ['Computer Software'] })).toBe(4);
      expect(await total({ industry: 'Computer Software', industryNames: ['Higher Education'] })).toBe(5);
      expect(await total({ seniority: ['Director'], seniorities: ['Entry'] })).toBe(3);
      expect(await total({ country: ['ca'] })).toBe(1);
      expect(await total({ countryCodes: ['US'] })).toBe(7);
      expect(await total({ department: ['Engineering'] })).toBe(3);
      expect(await total({ departments: ['IT', 'Sales'] })).toBe(2);
      expect(await total({ companySize: ['51-200'] })).toBe(4);
      expect(await total({ companySizes: ['1001 to 5000', '1-10'] })).toBe(3);
      expect(await total({ revenue: ['$10M-50M'] })).toBe(4);
      expect(await total({ revenues: ['$0-1M'] })).toBe(1);
      expect(await total({ companyType: ['government'] })).toBe(2);
      expect(await total({ companyTypes: ['education', 'nonprofit'] })).toBe(2);
    });

    it('answers unknown values with 0, never an error', async () => {
      const response = await count({ industry: ['Underwater Basket Weaving'] });
      expect(response.estimated_total).toBe(0);
      expect(await total({ companySize: ['huge'] })).toBe(0);
    });

    it('matches a short title as a substring, or as a whole word with exactMatch', async () => {
      expect(await total({ jobTitles: ['cto'] })).toBe(4);
      expect(await total({ jobTitles: ['cto'], exactMatch: true })).toBe(1);
      expect(await total({ jobTitle: ['director'], excludeTitles: ['executive'] })).toBe(2);
      expect(await total({ jobTitles: ['software engineer'], exactMatch: true })).toBe(1);
    });

    it('matches keywords against company descriptions, OR-ed and AND-ed', async () => {
      expect(await total({ includeKeywords: ['saas', 'food'] })).toBe(5);
      expect(await total({ includeKeywords: ['saas', 'logistics'], matchAny: false })).toBe(4);
      expect(await total({ includeKeywords: ['saas', 'food'], matchAny: false })).toBe(0);
      expect(await total({ excludeKeywords: ['public safety', 'ai'], exactMatch: true })).toBe(5);
    });

    it('caps contacts per company', async () => {
      expect(await total({ maxPerCompany: 1 })).toBe(4);
      expect(await total({ maxPerCompany: 2, industry: ['Computer Software'] })).toBe(2);
    });

    it('reports firmographic totals, the narrowing filter, keywords and the filters it understood', async () => {
      const response = await count({ industry: ['Computer Software'], jobTitles: 'professor', includeKeywords: ['saas'] });
      expect(response).toMatchObject({
        firmographic_total: 4,
        firmographic_is_exact: true,
        estimated_total: 0,
        basis: 'exact',
        narrowed_by: { filter: 'jobTitles', before: 4, after: 0 },
        keywords: { saas: 0 },
        filters: {
          industryNames: ['Computer Software'],
          jobTitles: ['professor'],
          includeKeywords: ['saas'],
          exactMatch: false,
          matchAny: true,
          maxPerCompany: null,
        },
      });
      expect(await count({})).toMatchObject({ narrowed_by: null, keywords: null });
    });

    it('refuses public and unknown company types', async () => {
      await expect(count({ companyType: ['public'] })).rejects.toMatchObject({ status: 400, code: 'COMPANY_TYPE_NOT_AVAILABLE' });
      await expect(browse({ companyTypes: ['cooperative'] })).rejects.toMatchObject({ status: 400, code: 'UNKNOWN_COMPANY_TYPE' });
    });
  });

  it('estimates from a sample once an exact count no longer fits the latency budget', async () => {
    const hurried = await harness.startEngine({ COUNT_EXACT_BUDGET_MS: '0', COUNT_SAMPLE_ROWS: '4' });
    try {
      // A filter that every contact passes: sampled, it still scales to all 8.
      const call = harness.api(apiKey, hurried.url);
      const search = () => call('countLeads', { body: { excludeTitles: ['no such title'] } });
      const first = await search();
      expect(first).toMatchObject({ basis: 'exact', estimated_total: 8, firmographic_is_exact: true });
      const second = await search();
      expect(second).toMatchObject({ basis: 'sampled', estimated_total: 8, firmographic_is_exact: false });
      expect(second.note).toMatch(/^Estimated from 4 of 8 contacts sampled evenly; 95% interval (\d+)–8\./);
      const capped = await call('countLeads', { body: { maxPerCompany: 1 } });
      expect(capped).toMatchObject({ basis: 'exact', estimated_total: 4 });
      // With no filter at all the count is the table's size, exact whatever the budget.
      const unfiltered = await call('countLeads', { body: {} });
      expect(unfiltered).toMatchObject({ basis: 'exact', estimated_total: 8, firmographic_is_exact: true });
    } finally {
      await hurried.close();
    }
  });

  describe('filters listing', () => {
    it('lists the filters, and one filter with counts', async () => {
      const call = harness.api(apiKey, engine.url);
      const listing = await call('listLeadFilters');
      expect(listing).toHaveProperty('filters', [
        'industry',
        'seniority',
        'country',
        'department',
        'company_size',
        'revenue',
        'companyType',
      ]);
      const industries = await call('listLeadFilters', { query: { field: 'industry' } });
      expect(industries).toEqual({
        field: 'industry',
        values: [
          { value: 'Computer Software', count: '4' },
          { value: 'Government Administration', count: '2' },
          { value: 'Higher Education', count: '1' },
          { value: 'Non-Profit Organization Management', count: '1' },
        ],
      });
      const bad = await http(engine.url, 'GET', '/api/v1/leads/filters?field=shoe_size', { apiKey });
      expect(bad.body.code).toBe('VALIDATION_ERROR');
    });
  });

  describe('browse', () => {
    it('masks rows and pages deterministically to the end without duplicates', async () => {
      const first = await browse({ limit: 3 });
      expect(first).toMatchObject({ page: 1, limit: 3, returned: 3, total: 8, next_page: 2, total_is_exact: true });
      expect(first.leads[0]).toEqual({
        id: fixtureId(1),
        firstName: 'Zoë',
        lastName: 'S.',
        fullName: 'Zoë S.',
        email: 'z***@*****.io',
        phone: '***-**01',
        companyName: 'Acme, "Cloud" Inc.',
        companyDomain: null,
        jobTitle: 'Chief Technology Officer',
        seniority: 'C-Suite',
        department: 'Engineering',
        country: 'United States',
        countryCode: 'US',
        state: 'CA',
        city: 'San Francisco',
        companySize: '51 to 100',
        linkedinUrl: null,
        industryName: 'Computer Software',
        categoryName: 'Test',
      });
      const seen: string[] = [];
      for (let page: number | null = 1; page;) {
        const response = await browse({ limit: 3, page });
        seen.push(...response.leads.map((lead) => lead.id));
        page = response.next_page;
      }
      expect(seen).toEqual(FIXTURE_CONTACTS.map((contact) => contact.id));
      expect(await browse({ limit: 3, page: 3 })).toMatchObject({ returned: 2, next_page: null });
      expect(await browse({ limit: 4, page: 2 })).toMatchObject({ returned: 4, next_page: 3 });
      expect(await browse({ limit: 4, page: 3 })).toMatchObject({ returned: 0, next_page: null, leads: [] });
    });
  });

  describe('reveal', () => {
    it('validates ids: required, well-formed, at most 1000', async () => {
      expect((await refusalOf(reveal(undefined))).code).toBe('LEAD_IDS_REQUIRED');
      expect((await refusalOf(reveal([]))).code).toBe('LEAD_IDS_REQUIRED');
      await expect(reveal([fixtureId(1), 'not-an-id'])).rejects.toMatchObject({ status: 400, code: 'BAD_ID' });
      const many = await refusalOf(reveal(Array.from({ length: 1001 }, (_, n) => fixtureId(1000 + n))));
      expect(many.code).toBe('TOO_MANY_LEADS');
      expect(await balance(apiKey)).toBe(300);
    });

    it('reveals in request order, charges new leads once, lists unknown ids and drops revealed leads from browse', async () => {
      const account = await harness.createAccount('Revealer', 10);
      const first = await reveal([fixtureId(3), fixtureId(1), fixtureId(3), fixtureId(99)], account.apiKey);
      expect(first).toMatchObject({ credits_charged: 2, new_reveals: 2, already_revealed: 0, not_found: [fixtureId(99)] });
      expect(first.revealed.map((lead) => lead.id)).toEqual([fixtureId(3), fixtureId(1)]);
      expect(first.revealed[1]).toMatchObject({
        lastName: 'Smith',
        email: 'zoe.smith@acme.io',
        companyDomain: 'acme.io',
        phone: '+1 415 555 0101',
        companyRevenue: '$10M-50M',
      });
      expect(await balance(account.apiKey)).toBe(8);

      const again = await reveal([fixtureId(1), fixtureId(2)], account.apiKey);
      expect(again).toMatchObject({ credits_charged: 1, new_reveals: 1, already_revealed: 1 });
      expect(await balance(account.apiKey)).toBe(7);

      const browsed = await browse({ limit: 100 }, account.apiKey);
      expect(browsed.total).toBe(5);
      expect(browsed.leads.map((lead) => lead.id)).not.toContain(fixtureId(1));
      expect((await count({})).estimated_total).toBe(8);
    });

    it('reveals nothing and charges nothing when the balance cannot cover the batch', async () => {
      const account = await harness.createAccount('Poor', 2);
      await expect(reveal([fixtureId(4), fixtureId(5), fixtureId(6)], account.apiKey)).rejects.toMatchObject({
        status: 402,
        code: 'INSUFFICIENT_CREDITS',
        details: { required: 3, balance: 2 },
      });
      expect(await balance(account.apiKey)).toBe(2);
      expect((await browse({ limit: 100 }, account.apiKey)).total).toBe(8);
    });

    it('charges each lead once under 30 concurrent overlapping reveals', async () => {
      const account = await harness.createAccount('Concurrent', 100);
      const ids = FIXTURE_CONTACTS.map((contact) => contact.id);
      // Every reveal must succeed: a refusal rejects Promise.all.
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, n) => reveal([ids[n % 8], ids[(n + 3) % 8], ids[(n + 5) % 8]], account.apiKey)),
      );
      const charged = responses.reduce((sum, response) => sum + response.credits_charged, 0);
      expect(charged).toBe(8);
      expect(await balance(account.apiKey)).toBe(92);
      expect((await browse({}, account.apiKey)).total).toBe(0);
    });

    it('replays an idempotent reveal and refuses the key with another body', async () => {
      const account = await harness.createAccount('Idempotent', 10);
      const headers = { 'idempotency-key': 'reveal-once' };
      const first = await revealRaw([fixtureId(7)], account.apiKey, headers);
      const replay = await revealRaw([fixtureId(7)], account.apiKey, headers);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await balance(account.apiKey)).toBe(9);
      const mismatch = await revealRaw([fixtureId(8)], account.apiKey, headers);
      expect(mismatch.status).toBe(409);
      expect(mismatch.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await balance(account.apiKey)).toBe(9);
    });
  });
});
