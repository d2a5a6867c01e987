import { importedCompany as company, importRow as row } from '../../testing/contacts/import-fixtures';
import { companyOfRow } from './company-import';
import { FoldedCompanies } from './folded-companies';

describe('FoldedCompanies', () => {
  it('folds each statement over the ones before, a blank keeping the earlier value, and tells when one adds nothing', () => {
    const companies = new FoldedCompanies();
    expect(companies.addsTo(company())).toBe(true);
    expect(companies.fold(company())).toBe(0);
    expect(companies.addsTo(company())).toBe(false);
    expect(companies.addsTo(company({ size: null, revenueBand: null, description: null }))).toBe(false);
    expect(companies.addsTo(company({ founded: 1990 }))).toBe(true);
    expect(companies.fold(company({ founded: 1990, description: null }))).toBe(0);
    expect(companies.get('acme.io')).toEqual(company({ founded: 1990 }));
    expect(companies.addsTo(company({ founded: null }))).toBe(false);
    expect(companies.fold(company({ domain: 'beta.io' }))).toBe(1);
    expect(companies.domains()).toEqual(['acme.io', 'beta.io']);
    expect(companies.size).toBe(2);
  });

  it('folds what a row says about its company as folding the company of the row does', () => {
    const byRow = new FoldedCompanies();
    const byCompany = new FoldedCompanies();
    const rows = [
      row(),
      row({ industry: 'Military', companyType: 'government' }),
      row({ companyName: 'Acme Inc' }),
      row({ companyDomain: 'beta.io' }),
    ];
    for (const each of rows) expect(byRow.foldRow(each)).toBe(byCompany.fold(companyOfRow(each)));
    expect(byRow.companies()).toEqual(byCompany.companies());
    expect(byRow.get('acme.io')).toMatchObject({ name: 'Acme Inc', industry: 'Military', companyType: 'government' });
  });

  it('remembers a named domain without a company until something is said about it', () => {
    const companies = new FoldedCompanies();
    expect(companies.name('acme.io')).toBe(0);
    expect(companies.has('acme.io')).toBe(true);
    expect(companies.get('acme.io')).toBeUndefined();
    expect(companies.companies()).toEqual([]);
    expect(companies.addsTo(company())).toBe(true);
    expect(companies.fold(company())).toBe(0);
    expect(companies.name('acme.io')).toBe(0);
    expect(companies.companies()).toEqual([company()]);
  });

  it('keeps what `keep` makes of a statement, and forgets everything on clear', () => {
    const kept: string[] = [];
    const companies = new FoldedCompanies((statement) => {
      kept.push(statement.domain);
      return { ...statement };
    });
    const first = company();
    companies.fold(first);
    expect(companies.get('acme.io')).not.toBe(first);
    companies.fold(company());
    companies.fold(company({ founded: 1990 }));
    expect(kept).toEqual(['acme.io', 'acme.io']);
    companies.clear();
    expect(companies.size).toBe(0);
    expect(companies.has('acme.io')).toBe(false);
    expect(companies.fold(company({ domain: 'beta.io' }))).toBe(0);
  });
});
