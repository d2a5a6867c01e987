import { SeedCompany, SeedContact } from './seed-leads';

export const FIXTURE_COMPANIES: SeedCompany[] = [
  { domain: 'acme.io', name: 'Acme, "Cloud" Inc.', size: '51 to 100', industry: 'Computer Software', type: 'private', revenue: '$10M-50M', description: 'Cloud SaaS for logistics teams' },
  { domain: 'springfield.gov', name: 'City of Springfield', size: '1001 to 5000', industry: 'Government Administration', type: 'government', revenue: '$250M-1B', description: 'City services and public safety' },
  { domain: 'state-u.edu', name: 'State University', size: '11 to 50', industry: 'Higher Education', type: 'education', revenue: '$1M-10M', description: 'A college for AI research' },
  { domain: 'helpers.org', name: 'Helpers', size: '1 to 10', industry: 'Non-Profit Organization Management', type: 'nonprofit', revenue: '$0-1M', description: 'Community food bank' },
];

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const FIXTURE_CONTACTS: SeedContact[] = [
  { id: id(1), company: 'acme.io', first: 'Zoë', last: 'Smith', email: 'zoe.smith@acme.io', phone: '+1 415 555 0101', title: 'Chief Technology Officer', seniority: 'C-Suite', department: 'Engineering', country: 'US' },
  { id: id(2), company: 'acme.io', first: 'Ana', last: 'Cto', email: 'ana@acme.io', phone: null, title: 'CTO', seniority: 'C-Suite', department: 'Engineering', country: 'US' },
  { id: id(3), company: 'acme.io', first: 'Bob', last: 'Jones', email: 'bob.jones@acme.io', phone: '+1 415 555 0103', title: 'Director of Sales', seniority: 'Director', department: 'Sales', country: 'US' },
  { id: id(4), company: 'springfield.gov', first: 'Carl', last: 'Young', email: 'cyoung@springfield.gov', phone: '+1 217 555 0104', title: 'IT Director', seniority: 'Director', department: 'IT', country: 'US' },
  { id: id(5), company: 'springfield.gov', first: 'Dana', last: 'Ng', email: 'dana.ng@springfield.gov', phone: '+1 217 555 0105', title: 'Police Officer', seniority: 'Entry', department: 'Operations', country: 'US' },
  { id: id(6), company: 'state-u.edu', first: 'José', last: 'Müller', email: 'jose@state-u.edu', phone: '+1 617 555 0106', title: 'Professor', seniority: 'Senior', department: 'Education', country: 'CA' },
  { id: id(7), company: 'acme.io', first: 'Eve', last: 'Adams', email: 'eve@acme.io', phone: '+1 415 555 0107', title: 'Senior Software Engineer', seniority: 'Senior', department: 'Engineering', country: 'US' },
  { id: id(8), company: 'helpers.org', first: 'Fay', last: 'Lee', email: 'fay@helpers.org', phone: '+1 206 555 0108', title: 'Executive Director', seniority: 'C-Suite', department: 'Executive', country: 'US' },
];

export const fixtureId = id;
