import { normalizeFilters } from '../leads/normalize-filters';
import { exportRequestText } from './export-request-text';

describe('exportRequestText', () => {
  it('is the same for the same filters in another order or spelling, and the same limit', () => {
    const quoted = exportRequestText(normalizeFilters({ country: ['us', 'DE'], seniority: 'VP' }), 100);
    expect(exportRequestText(normalizeFilters({ seniorities: ['VP'], countryCodes: ['de', 'US'] }), 100)).toBe(quoted);
  });

  it('differs when a filter or the limit differs', () => {
    const quoted = exportRequestText(normalizeFilters({ country: ['US'] }), 100);
    expect(exportRequestText(normalizeFilters({ country: ['US'] }), 99)).not.toBe(quoted);
    expect(exportRequestText(normalizeFilters({ country: ['US', 'DE'] }), 100)).not.toBe(quoted);
    expect(exportRequestText(normalizeFilters({ country: ['US'], matchAny: false }), 100)).not.toBe(quoted);
  });
});
