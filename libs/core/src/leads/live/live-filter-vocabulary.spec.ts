import { normalizeFilters } from '../normalize-filters';
import { LeadTableBuilder } from '../query/lead-table';
import { unknownFilterValues } from '../unknown-filter-values';
import { liveFilterVocabulary } from './live-filter-vocabulary';
import { liveTable, withChanges } from './live-lead-table';

function table() {
  const builder = new LeadTableBuilder();
  const company = builder.addCompany({ id: 1, industry: 'Computer Software', sizeBucket: '51 to 100', companyType: 'private', description: 'SaaS' });
  builder.addContact({ seq: 1, companyIndex: company, jobTitle: 'CTO', seniority: 'C-Suite', department: 'Engineering', countryCode: 'us' });
  builder.addContact({ seq: 2, companyIndex: company, jobTitle: 'VP Sales', seniority: 'VP', department: 'Sales', countryCode: 'CA' });
  return liveTable(builder.build());
}

describe('liveFilterVocabulary', () => {
  it('holds the values of the data and every defined size and revenue band, data values exactly as stored', () => {
    const vocabulary = liveFilterVocabulary(table());
    expect(vocabulary.has('seniorities', 'C-Suite')).toBe(true);
    expect(vocabulary.has('seniorities', 'c-suite')).toBe(false);
    expect(vocabulary.has('countryCodes', 'US')).toBe(true);
    expect(vocabulary.has('departments', 'Sales')).toBe(true);
    expect(vocabulary.has('industryNames', 'Computer Software')).toBe(true);
    expect(vocabulary.has('industryNames', 'Banking')).toBe(false);
    expect(vocabulary.has('companySizes', '5001+')).toBe(true);
    expect(vocabulary.has('companySizes', '10001+')).toBe(true);
    expect(vocabulary.has('revenues', '$10B+')).toBe(true);
    expect([...vocabulary.values('seniorities')].sort()).toEqual(['C-Suite', 'VP']);
  });

  it('knows the values that changes brought, in a delta and its company', () => {
    const changed = withChanges(table(), [
      {
        seq: 3,
        jobTitle: 'Founder',
        seniority: 'Owner',
        department: 'Operations',
        countryCode: 'GB',
        company: { id: 2, industry: 'Banking', sizeBucket: '1 to 10', companyType: 'private', description: 'A bank' },
      },
    ]);
    const before = liveFilterVocabulary(table());
    const after = liveFilterVocabulary(changed);
    expect(before.has('seniorities', 'Owner')).toBe(false);
    for (const [filter, value] of [
      ['seniorities', 'Owner'],
      ['departments', 'Operations'],
      ['countryCodes', 'GB'],
      ['industryNames', 'Banking'],
    ] as const) {
      expect(after.has(filter, value)).toBe(true);
    }
    expect(unknownFilterValues(normalizeFilters({ seniority: ['Ownr'], country: ['gb'] }), after)).toEqual({
      seniorities: [{ value: 'Ownr', nearest: ['Owner'] }],
    });
  });
});
