import { filterSetSchema } from './filter-set.schemas';
import { FILTER_LIST_LIMITS } from './filter-list-limits';
import { MAX_REVEAL_IDS } from './lead-constants';
import {
  browseRequestSchema,
  browseResponseSchema,
  countResultSchema,
  filtersListingSchema,
  filtersQuerySchema,
  filterValuesSchema,
  revealRequestSchema,
  revealResponseSchema,
  searchRequestSchema,
} from './leads.schemas';

const maskedLead = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  firstName: 'Jane',
  lastName: 'S.',
  fullName: 'Jane S.',
  email: 'j***@*****.com',
  phone: '********00',
  companyName: 'Acme',
  companyDomain: null,
  jobTitle: 'CTO',
  seniority: 'c_suite',
  department: '',
  country: 'United States',
  countryCode: 'US',
  state: 'CA',
  city: '',
  companySize: '51 to 100',
  linkedinUrl: null,
  industryName: 'Computer Software',
  categoryName: null,
};

describe('filter set', () => {
  it('rejects an unknown key, naming it', () => {
    const result = filterSetSchema.safeParse({ industy: ['Software'] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['industy'] });
    for (const schema of [searchRequestSchema, browseRequestSchema]) {
      expect(schema.safeParse({ countryCode: 'US' }).error?.issues[0]).toMatchObject({ keys: ['countryCode'] });
    }
  });

  it('accepts a single string where an array is expected, and both alias spellings', () => {
    expect(filterSetSchema.parse({ industry: 'Software', industryNames: ['Retail'], jobTitle: 'cto', jobTitles: ['vp'] })).toEqual({
      industry: ['Software'],
      industryNames: ['Retail'],
      jobTitle: ['cto'],
      jobTitles: ['vp'],
      exactMatch: false,
      matchAny: true,
    });
    const aliases = ['seniority', 'seniorities', 'country', 'countryCodes', 'companySize', 'companySizes', 'revenue', 'revenues'];
    const both = Object.fromEntries([...aliases, 'department', 'departments', 'companyType', 'companyTypes'].map((key) => [key, 'x']));
    expect(Object.keys(filterSetSchema.parse(both))).toEqual(expect.arrayContaining(Object.keys(both)));
  });

  it('defaults exactMatch to false and matchAny to true, and keeps explicit values', () => {
    expect(searchRequestSchema.parse({})).toEqual({ exactMatch: false, matchAny: true });
    expect(searchRequestSchema.parse({ exactMatch: true, matchAny: false })).toEqual({ exactMatch: true, matchAny: false });
  });

  it('leaves company type values to the engine, which answers COMPANY_TYPE_NOT_AVAILABLE itself', () => {
    expect(searchRequestSchema.parse({ companyType: 'public' }).companyType).toEqual(['public']);
  });

  it('refuses a value of the wrong type', () => {
    expect(searchRequestSchema.safeParse({ industry: 7 }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ industry: ['a', 7] }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ maxPerCompany: 0 }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ maxPerCompany: 1.5 }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ exactMatch: 'yes' }).success).toBe(false);
  });

  it('bounds every list: entries per list, characters per entry and in all, naming the limit', () => {
    const many = (count: number, length = 4) => Array.from({ length: count }, (_, index) => `${index}`.padStart(length, 'k'));
    const issueOf = (input: unknown) => {
      const result = searchRequestSchema.safeParse(input);
      if (result.success) return null;
      // The engine reports a list's own issues rather than the union's (parse-input.ts): the branch that is not a type mismatch.
      return result.error.issues.flatMap((issue) => {
        const branch =
          issue.code === 'invalid_union'
            ? issue.errors.find((errors) => !errors.some((inner) => inner.code === 'invalid_type'))
            : undefined;
        return (branch ?? [issue]).map((inner) => [...issue.path, ...(branch ? inner.path : [])].join('.') + `: ${inner.message}`);
      });
    };
    expect(issueOf({ includeKeywords: many(FILTER_LIST_LIMITS.textEntries) })).toBeNull();
    expect(issueOf({ includeKeywords: many(50_000) })).toEqual(['includeKeywords: At most 100 entries']);
    expect(issueOf({ jobTitles: many(101) })).toEqual(['jobTitles: At most 100 entries']);
    expect(issueOf({ jobTitle: many(101), excludeTitles: many(101), excludeKeywords: many(101) })).toHaveLength(3);
    expect(issueOf({ industry: many(FILTER_LIST_LIMITS.valueEntries) })).toBeNull();
    expect(issueOf({ countryCodes: many(FILTER_LIST_LIMITS.valueEntries + 1) })).toEqual(['countryCodes: At most 1000 entries']);
    expect(issueOf({ jobTitles: 'x'.repeat(201) })).toEqual(['jobTitles: Each entry takes at most 200 characters']);
    expect(issueOf({ seniorities: ['VP', 'y'.repeat(201)] })).toEqual(['seniorities.1: Each entry takes at most 200 characters']);
    expect(issueOf({ includeKeywords: many(51, 200) })).toEqual(['includeKeywords: At most 10000 characters in all']);
    expect(issueOf({ includeKeywords: many(50, 200) })).toBeNull();
  });

  it('gives browse its paging defaults and bounds', () => {
    expect(browseRequestSchema.parse({})).toMatchObject({ page: 1, limit: 25 });
    expect(browseRequestSchema.parse({ limit: 1000, page: 40 })).toMatchObject({ page: 40, limit: 1000 });
    expect(browseRequestSchema.safeParse({ limit: 1001 }).success).toBe(false);
    expect(browseRequestSchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(browseRequestSchema.safeParse({ page: 0 }).success).toBe(false);
  });
});

describe('reveal request', () => {
  it('leaves missing, malformed and too many ids to the engine (LEAD_IDS_REQUIRED, BAD_ID, TOO_MANY_LEADS)', () => {
    expect(revealRequestSchema.parse({})).toEqual({});
    expect(revealRequestSchema.parse({ leadIds: 'not-a-uuid' })).toEqual({ leadIds: ['not-a-uuid'] });
    const tooMany = Array.from({ length: MAX_REVEAL_IDS + 1 }, (_, i) => String(i));
    expect(revealRequestSchema.parse({ leadIds: tooMany }).leadIds).toHaveLength(1001);
    expect(revealRequestSchema.safeParse({ leadIds: [], ids: [] }).success).toBe(false);
  });
});

describe('lead responses', () => {
  it('parses a count result, with and without narrowing', () => {
    const count = {
      firmographic_total: 120000,
      firmographic_is_exact: true,
      estimated_total: 840,
      basis: 'sampled',
      note: 'Estimated from a sample of 5000 rows; 95% interval 760 to 920',
      narrowed_by: { filter: 'jobTitles', before: 120000, after: 840 },
      keywords: { saas: 420, cloud: 510 },
      filters: {
        industryNames: ['Computer Software'],
        seniorities: [],
        countryCodes: ['US'],
        companySizes: ['51 to 100', '101 to 250'],
        revenues: [],
        departments: [],
        companyTypes: [],
        jobTitles: ['cto'],
        excludeTitles: [],
        includeKeywords: ['saas', 'cloud'],
        excludeKeywords: [],
        maxPerCompany: null,
        exactMatch: false,
        matchAny: true,
      },
    };
    expect(countResultSchema.parse(count)).toEqual(count);
    expect(countResultSchema.parse({ ...count, basis: 'exact', narrowed_by: null, keywords: null }).narrowed_by).toBeNull();
    expect(countResultSchema.safeParse({ ...count, basis: 'guessed' }).success).toBe(false);
  });

  it('parses a browse page of masked leads', () => {
    const page = {
      page: 1,
      limit: 25,
      returned: 1,
      total: 1,
      total_is_exact: true,
      total_is_estimate: false,
      next_page: null,
      leads: [maskedLead],
      note: null,
    };
    expect(browseResponseSchema.parse(page)).toEqual(page);
    const { companyName: _missing, ...incomplete } = maskedLead;
    expect(browseResponseSchema.safeParse({ ...page, leads: [incomplete] }).success).toBe(false);
  });

  it('parses a reveal response', () => {
    const revealed = {
      ...maskedLead,
      lastName: 'Smith',
      fullName: 'Jane Smith',
      email: 'jane@acme.com',
      emailStatus: 'unknown',
      phone: '+1 415 555 0100',
      companyDomain: 'acme.com',
      linkedinUrl: 'https://www.linkedin.com/in/janesmith',
      country: null,
      companyRevenue: '$10M-50M',
      companyFounded: 2004,
      companyLinkedin: null,
      industryName: null,
      enrichmentStatus: 'raw',
      confidenceScore: 0.9,
    };
    const response = {
      revealed: [revealed],
      credits_charged: 1,
      new_reveals: 1,
      already_revealed: 0,
      not_found: ['6f1c2a4e-0000-4000-8000-000000000000'],
    };
    expect(revealResponseSchema.parse(response)).toEqual(response);
  });

  it('parses both forms of the filters listing', () => {
    expect(filtersQuerySchema.parse({ field: 'company_size' })).toEqual({ field: 'company_size' });
    expect(filtersQuerySchema.safeParse({ field: 'companyType' }).success).toBe(false);
    const listing = {
      filters: ['industry', 'seniority', 'country', 'department', 'company_size', 'revenue', 'companyType'],
      note: 'Pass field for values',
    };
    expect(filtersListingSchema.parse(listing)).toEqual(listing);
    expect(filterValuesSchema.parse({ field: 'country', values: [{ value: 'US', count: '99812' }] }).values[0].count).toBe('99812');
    expect(filterValuesSchema.safeParse({ field: 'country', values: [{ value: 'US', count: 99812 }] }).success).toBe(false);
  });
});
