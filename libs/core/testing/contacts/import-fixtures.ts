import type { CompanyImport } from '../../src/contacts/company-import';
import type { ContactImportRow } from '../../src/contacts/contact-import-row';

/** Acme as an import states it, with `values` instead of any of its facts, for specs. */
export const importedCompany = (values: Partial<CompanyImport> = {}): CompanyImport => ({
  domain: 'acme.io',
  name: 'Acme',
  size: '11 to 50',
  revenueBand: '$1M-10M',
  industry: 'Computer Software',
  companyType: 'private',
  category: null,
  founded: null,
  linkedinUrl: null,
  description: 'Rockets',
  ...values,
});

/** Ada of Acme as a checked import row, with `values` instead of any of its cells, for specs. */
export const importRow = (values: Partial<ContactImportRow> = {}): ContactImportRow => ({
  id: '0b7e7f52-4c1a-4d8e-9a55-3f1d2c9b8e01',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@acme.io',
  emailStatus: 'unknown',
  phone: null,
  linkedinUrl: null,
  jobTitle: 'CTO',
  seniority: '',
  department: '',
  countryCode: 'US',
  country: null,
  state: '',
  city: '',
  companyName: 'Acme',
  companyDomain: 'acme.io',
  companySize: null,
  revenueBand: null,
  companyFounded: null,
  companyLinkedin: null,
  industry: null,
  category: null,
  companyType: 'private',
  companyDescription: null,
  ...values,
});
