import { COMPANY_SIZE_BANDS, COMPANY_SIZE_BUCKETS, COMPANY_TYPES, INDUSTRY_COMPANY_TYPE, REVENUE_BANDS } from './lead-constants';

describe('lead constants', () => {
  it('puts every raw size bucket in exactly one band, in order', () => {
    expect(Object.values(COMPANY_SIZE_BANDS).flat()).toEqual([...COMPANY_SIZE_BUCKETS]);
    expect(COMPANY_SIZE_BANDS['51-200']).toEqual(['51 to 100', '101 to 250']);
    expect(COMPANY_SIZE_BANDS['201-500']).toEqual(['251 to 500']);
    expect(COMPANY_SIZE_BANDS['5001+']).toEqual(['5001 to 10000', '10001+']);
  });

  it('derives a revenue band for every bucket', () => {
    expect(Object.keys(REVENUE_BANDS)).toEqual([...COMPANY_SIZE_BUCKETS]);
    expect(REVENUE_BANDS['101 to 250']).toBe('$10M-50M');
    expect(REVENUE_BANDS['10001+']).toBe('$10B+');
  });

  it('lists the non-private industries of contract §3', () => {
    const byType: Record<string, number> = {};
    for (const type of Object.values(INDUSTRY_COMPANY_TYPE)) byType[type] = (byType[type] ?? 0) + 1;
    expect(byType).toEqual({ government: 8, nonprofit: 5, education: 3 });
    expect(INDUSTRY_COMPANY_TYPE['Civic & Social Organization']).toBe('nonprofit');
    expect(COMPANY_TYPES).toEqual(['private', 'government', 'nonprofit', 'education']);
  });
});
