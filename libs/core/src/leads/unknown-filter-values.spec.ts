import { normalizeFilters } from './normalize-filters';
import { EnumerableFilter, FilterVocabulary, unknownFilterValues } from './unknown-filter-values';

const VALUES: Record<EnumerableFilter, string[]> = {
  industryNames: ['Computer Software', 'Higher Education'],
  seniorities: ['Director', 'C-Suite', 'VP'],
  countryCodes: ['US', 'CA'],
  companySizes: ['51-200', '51 to 100'],
  revenues: ['$10M-50M'],
  departments: ['Engineering', 'Sales'],
};

/** A vocabulary over VALUES that counts what it was asked. */
function vocabulary(): FilterVocabulary & { lookups: number; listings: number } {
  const counting = {
    lookups: 0,
    listings: 0,
    has(filter: EnumerableFilter, value: string) {
      counting.lookups++;
      return VALUES[filter].includes(value);
    },
    values(filter: EnumerableFilter) {
      counting.listings++;
      return VALUES[filter];
    },
  };
  return counting;
}

describe('unknownFilterValues', () => {
  it('is null when every value is valid, after one lookup per value and no listing', () => {
    const asked = vocabulary();
    const filters = normalizeFilters({ seniority: ['Director', 'VP'], country: ['us'], companySize: ['51-200'], jobTitles: ['C-Level'] });
    expect(unknownFilterValues(filters, asked)).toBeNull();
    expect(asked.lookups).toBe(4);
    expect(asked.listings).toBe(0);
  });

  it('is null without enumerable filters, asking nothing', () => {
    const asked = vocabulary();
    expect(unknownFilterValues(normalizeFilters({ includeKeywords: ['saas'], companyType: ['private'] }), asked)).toBeNull();
    expect(asked.lookups).toBe(0);
  });

  it('reports each unknown value under its filter with the nearest valid values, leaving the valid ones out', () => {
    const asked = vocabulary();
    const filters = normalizeFilters({
      seniority: ['Director', 'C-Level'],
      seniorities: ['c-suite'],
      country: ['usa'],
      departments: ['Engineering'],
      industry: ['Underwater Basket Weaving'],
      companySize: ['51-100'],
    });
    expect(unknownFilterValues(filters, asked)).toEqual({
      seniorities: [
        { value: 'C-Level', nearest: ['C-Suite'] },
        { value: 'c-suite', nearest: ['C-Suite'] },
      ],
      countryCodes: [{ value: 'USA', nearest: ['US'] }],
      industryNames: [{ value: 'Underwater Basket Weaving', nearest: [] }],
      companySizes: [{ value: '51-100', nearest: ['51-200', '51 to 100'] }],
    });
    expect(asked.listings).toBe(4);
  });
});
