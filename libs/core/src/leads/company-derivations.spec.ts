import {
  COMPANY_SIZE_BANDS,
  COMPANY_SIZE_BUCKETS,
  COMPANY_TYPES,
  companyTypeForIndustry,
  INDUSTRIES_BY_COMPANY_TYPE,
  REVENUE_BANDS,
  revenueBandForSize,
} from './company-derivations';

const lowerBound = (text: string): number => Number(text.match(/^\d+/)?.[0]);
const bandRange = (band: string): [number, number] => {
  const [low, high] = band.split(/-|\+/);
  return [Number(low), high ? Number(high) : Infinity];
};

describe('company size', () => {
  it('lists the nine raw buckets in ascending order', () => {
    expect(COMPANY_SIZE_BUCKETS).toEqual([
      '1 to 10',
      '11 to 50',
      '51 to 100',
      '101 to 250',
      '251 to 500',
      '501 to 1000',
      '1001 to 5000',
      '5001 to 10000',
      '10001+',
    ]);
  });

  it('puts in each band exactly the buckets whose lower bound it contains', () => {
    for (const [band, buckets] of Object.entries(COMPANY_SIZE_BANDS)) {
      const [low, high] = bandRange(band);
      const expected = COMPANY_SIZE_BUCKETS.filter((b) => lowerBound(b) >= low && lowerBound(b) <= high);
      expect([band, buckets]).toEqual([band, expected]);
    }
  });

  it('covers every bucket with exactly one band', () => {
    expect(Object.values(COMPANY_SIZE_BANDS).flat()).toEqual(COMPANY_SIZE_BUCKETS);
    expect(COMPANY_SIZE_BANDS['51-200']).toEqual(['51 to 100', '101 to 250']);
    expect(COMPANY_SIZE_BANDS['5001+']).toEqual(['5001 to 10000', '10001+']);
  });
});

describe('revenueBandForSize', () => {
  it.each([
    ['1 to 10', '$0-1M'],
    ['11 to 50', '$1M-10M'],
    ['51 to 100', '$10M-50M'],
    ['101 to 250', '$10M-50M'],
    ['251 to 500', '$50M-100M'],
    ['501 to 1000', '$100M-250M'],
    ['1001 to 5000', '$250M-1B'],
    ['5001 to 10000', '$1B-10B'],
    ['10001+', '$10B+'],
  ])('%s → %s', (bucket, band) => {
    expect(revenueBandForSize(bucket)).toBe(band);
  });

  it('derives every band from some bucket', () => {
    expect(new Set(COMPANY_SIZE_BUCKETS.map(revenueBandForSize))).toEqual(new Set(REVENUE_BANDS));
  });

  it('has no band for a missing or unknown size', () => {
    expect(revenueBandForSize(null)).toBeNull();
    expect(revenueBandForSize('')).toBeNull();
    expect(revenueBandForSize('51-200')).toBeNull();
    expect(revenueBandForSize(' 11 to 50 ')).toBe('$1M-10M');
  });
});

describe('companyTypeForIndustry', () => {
  it.each([
    ['Government Administration', 'government'],
    ['Government Relations', 'government'],
    ['Military', 'government'],
    ['Law Enforcement', 'government'],
    ['Public Safety', 'government'],
    ['Legislative Office', 'government'],
    ['Judiciary', 'government'],
    ['International Affairs', 'government'],
    ['Non-Profit Organization Management', 'nonprofit'],
    ['Philanthropy', 'nonprofit'],
    ['Fund-Raising', 'nonprofit'],
    ['Civic & Social Organization', 'nonprofit'],
    ['Religious Institutions', 'nonprofit'],
    ['Higher Education', 'education'],
    ['Primary/Secondary Education', 'education'],
    ['Education Management', 'education'],
    ['Computer Software', 'private'],
    ['Hospital & Health Care', 'private'],
    ['E-Learning', 'private'],
    ['Government', 'private'],
  ])('%s → %s', (industry, type) => {
    expect(companyTypeForIndustry(industry)).toBe(type);
  });

  it('treats a missing industry as private and ignores case and padding', () => {
    expect(companyTypeForIndustry(null)).toBe('private');
    expect(companyTypeForIndustry(undefined)).toBe('private');
    expect(companyTypeForIndustry('  higher education ')).toBe('education');
  });

  it('lists the four types and sixteen non-private industries', () => {
    expect(COMPANY_TYPES).toEqual(['private', 'government', 'nonprofit', 'education']);
    expect(Object.values(INDUSTRIES_BY_COMPANY_TYPE).flat()).toHaveLength(16);
  });
});
