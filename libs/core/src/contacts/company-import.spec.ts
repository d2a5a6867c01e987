import { companyAddsTo, companyOfRow, overlayCompany, rowAddsToCompany, sameCompany } from './company-import';
import { importRow as row } from '../../testing/contacts/import-fixtures';

describe('company of an import', () => {
  it('takes the company values of a row', () => {
    expect(companyOfRow(row({ companySize: '1 to 10', revenueBand: '$0-1M', companyFounded: 2001 }))).toEqual({
      domain: 'acme.io',
      name: 'Acme',
      size: '1 to 10',
      revenueBand: '$0-1M',
      industry: null,
      companyType: 'private',
      category: null,
      founded: 2001,
      linkedinUrl: null,
      description: null,
    });
  });

  it('lets a later value win and a later blank keep the earlier value, derived values following', () => {
    const first = companyOfRow(
      row({
        companySize: '51 to 100',
        revenueBand: '$10M-50M',
        industry: 'Military',
        companyType: 'government',
        companyDescription: 'Old',
      }),
    );
    const second = overlayCompany(
      first,
      companyOfRow(row({ companyName: 'Acme Inc', industry: 'Computer Software', companyType: 'private', category: 'Tech' })),
    );
    expect(second).toMatchObject({
      name: 'Acme Inc',
      size: '51 to 100',
      revenueBand: '$10M-50M',
      industry: 'Computer Software',
      companyType: 'private',
      category: 'Tech',
      description: 'Old',
    });
    const third = overlayCompany(second, companyOfRow(row({ companySize: '10001+', revenueBand: '$10B+' })));
    expect(third).toMatchObject({
      size: '10001+',
      revenueBand: '$10B+',
      industry: 'Computer Software',
      category: 'Tech',
      description: 'Old',
    });
  });

  it('compares every value', () => {
    const company = companyOfRow(row({ companyFounded: 1990 }));
    expect(sameCompany(company, { ...company })).toBe(true);
    expect(sameCompany(company, { ...company, founded: 1991 })).toBe(false);
    expect(sameCompany(company, overlayCompany(company, companyOfRow(row({}))))).toBe(true);
  });

  it('tells whether a row adds to what is known, exactly when overlaying it would change something', () => {
    const known = companyOfRow(row({ companySize: '1 to 10', revenueBand: '$0-1M', industry: 'Military', companyType: 'government' }));
    const rows = [
      row({}),
      row({ companySize: '1 to 10', revenueBand: '$0-1M' }),
      row({ companySize: '11 to 50', revenueBand: '$1M-10M' }),
      row({ companyName: 'Acme Inc' }),
      row({ industry: 'Military', companyType: 'government' }),
      row({ industry: 'Judiciary', companyType: 'government' }),
      row({ category: 'Public' }),
      row({ companyFounded: 1950 }),
      row({ companyLinkedin: 'https://www.linkedin.com/company/acme' }),
      row({ companyDescription: 'Rockets' }),
    ];
    for (const candidate of rows) {
      const changes = !sameCompany(overlayCompany(known, companyOfRow(candidate)), known);
      expect(rowAddsToCompany(known, candidate)).toBe(changes);
      expect(companyAddsTo(known, companyOfRow(candidate))).toBe(changes);
    }
  });
});
