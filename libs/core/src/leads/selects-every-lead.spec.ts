import { normalizeFilters } from './normalize-filters';
import { selectsEveryLead } from './selects-every-lead';

describe('selectsEveryLead', () => {
  it('is true for no filters, or only how text matches', () => {
    expect(selectsEveryLead(normalizeFilters({}))).toBe(true);
    expect(selectsEveryLead(normalizeFilters({ exactMatch: true, matchAny: false, jobTitles: ['  '] }))).toBe(true);
  });

  it('is false once any list has a value', () => {
    expect(selectsEveryLead(normalizeFilters({ country: 'de' }))).toBe(false);
    expect(selectsEveryLead(normalizeFilters({ companySizes: ['no such size'] }))).toBe(false);
    expect(selectsEveryLead(normalizeFilters({ excludeKeywords: ['bank'] }))).toBe(false);
  });
});
