import { DomainError } from '../errors/domain-error';
import { normalizeFilters } from './normalize-filters';

const errorOf = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('normalizeFilters', () => {
  it('gives empty lists and defaults for an empty filter set', () => {
    expect(normalizeFilters({})).toEqual({
      industryNames: [],
      seniorities: [],
      countryCodes: [],
      companySizes: [],
      revenues: [],
      departments: [],
      companyTypes: [],
      jobTitles: [],
      excludeTitles: [],
      includeKeywords: [],
      excludeKeywords: [],
      maxPerCompany: null,
      exactMatch: false,
      matchAny: true,
      companySizeBuckets: null,
    });
  });

  it('unions both spellings of every alias, singular first', () => {
    const filters = normalizeFilters({
      industry: ['Retail'],
      industryNames: ['Banking'],
      seniority: ['VP'],
      seniorities: ['Director'],
      country: ['us'],
      countryCodes: ['CA'],
      companySize: ['1-10'],
      companySizes: ['51 to 100'],
      revenue: ['$0-1M'],
      revenues: ['$10B+'],
      department: ['Sales'],
      departments: ['Marketing'],
      companyType: ['private'],
      companyTypes: ['education'],
      jobTitle: ['cto'],
      jobTitles: ['founder'],
    });
    expect(filters).toMatchObject({
      industryNames: ['Retail', 'Banking'],
      seniorities: ['VP', 'Director'],
      countryCodes: ['US', 'CA'],
      companySizes: ['1-10', '51 to 100'],
      revenues: ['$0-1M', '$10B+'],
      departments: ['Sales', 'Marketing'],
      companyTypes: ['private', 'education'],
      jobTitles: ['cto', 'founder'],
    });
  });

  it('trims, drops empty values and removes duplicates keeping first-seen order', () => {
    const filters = normalizeFilters({
      industry: ['  Retail ', '', 'Banking', '   '],
      industryNames: ['Retail', 'Banking', 'Airlines/Aviation'],
      country: ['us', ' US', 'gb'],
      jobTitles: ['Head of Sales', 'head of sales'],
    });
    expect(filters.industryNames).toEqual(['Retail', 'Banking', 'Airlines/Aviation']);
    expect(filters.countryCodes).toEqual(['US', 'GB']);
    expect(filters.jobTitles).toEqual(['Head of Sales', 'head of sales']);
  });

  it('accepts a single string where a list is expected', () => {
    const filters = normalizeFilters({ industry: 'Retail', excludeKeywords: ' crypto ' });
    expect(filters.industryNames).toEqual(['Retail']);
    expect(filters.excludeKeywords).toEqual(['crypto']);
  });

  it('keeps exact-value filters as given otherwise', () => {
    const filters = normalizeFilters({ seniority: ['c-suite'], department: ['sales'], companySize: ['5001+'] });
    expect(filters.seniorities).toEqual(['c-suite']);
    expect(filters.departments).toEqual(['sales']);
    expect(filters.companySizes).toEqual(['5001+']);
  });

  it('passes free-text and switches through', () => {
    const filters = normalizeFilters({
      excludeTitles: ['intern'],
      includeKeywords: ['SaaS', 'cloud'],
      excludeKeywords: ['crypto'],
      maxPerCompany: 3,
      exactMatch: true,
      matchAny: false,
    });
    expect(filters).toMatchObject({
      excludeTitles: ['intern'],
      includeKeywords: ['SaaS', 'cloud'],
      excludeKeywords: ['crypto'],
      maxPerCompany: 3,
      exactMatch: true,
      matchAny: false,
    });
  });

  it('treats null switches as their defaults', () => {
    const filters = normalizeFilters({ exactMatch: null, matchAny: null, maxPerCompany: null });
    expect([filters.exactMatch, filters.matchAny, filters.maxPerCompany]).toEqual([false, true, null]);
  });

  it('rejects a maxPerCompany that is not a positive integer', () => {
    expect(errorOf(() => normalizeFilters({ maxPerCompany: 0 })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(() => normalizeFilters({ maxPerCompany: 2.5 })).code).toBe('VALIDATION_ERROR');
  });

  describe('companySizeBuckets', () => {
    it('expands bands into raw buckets', () => {
      expect(normalizeFilters({ companySize: ['51-200'] }).companySizeBuckets).toEqual(['51 to 100', '101 to 250']);
      expect(normalizeFilters({ companySize: ['5001+'] }).companySizeBuckets).toEqual(['5001 to 10000', '10001+']);
      expect(normalizeFilters({ companySize: ['201-500'] }).companySizeBuckets).toEqual(['251 to 500']);
    });

    it('passes raw buckets through and merges overlaps in bucket order', () => {
      expect(normalizeFilters({ companySize: ['10001+', '101 to 250'], companySizes: ['51-200'] }).companySizeBuckets).toEqual([
        '51 to 100',
        '101 to 250',
        '10001+',
      ]);
    });

    it('lets unknown sizes contribute nothing, never failing', () => {
      expect(normalizeFilters({ companySize: ['1-10', 'huge'] }).companySizeBuckets).toEqual(['1 to 10']);
      const onlyUnknown = normalizeFilters({ companySize: ['51-100', 'huge'] });
      expect(onlyUnknown.companySizeBuckets).toEqual([]);
      expect(onlyUnknown.companySizes).toEqual(['51-100', 'huge']);
    });

    it('is null when no size is asked for', () => {
      expect(normalizeFilters({ companySize: ['', '  '] }).companySizeBuckets).toBeNull();
    });
  });

  describe('companyTypes', () => {
    it('is case-insensitive and lower-cases its echo', () => {
      expect(normalizeFilters({ companyType: ['Government', 'NONPROFIT', 'government'] }).companyTypes).toEqual([
        'government',
        'nonprofit',
      ]);
    });

    it('refuses public companies with a dedicated code', () => {
      const error = errorOf(() => normalizeFilters({ companyTypes: ['private', ' Public '] }));
      expect(error.code).toBe('COMPANY_TYPE_NOT_AVAILABLE');
      expect(error.message).toMatch(/public/i);
      expect(error.message).toMatch(/not available/);
    });

    it('names the allowed values for any other unknown type', () => {
      const error = errorOf(() => normalizeFilters({ companyType: ['startup'] }));
      expect(error.code).toBe('UNKNOWN_COMPANY_TYPE');
      expect(error.message).toContain('startup');
      expect(error.message).toContain('private, government, nonprofit, education');
    });

    it('reports public before other unknown values', () => {
      expect(errorOf(() => normalizeFilters({ companyType: ['startup', 'public'] })).code).toBe('COMPANY_TYPE_NOT_AVAILABLE');
    });
  });
});
