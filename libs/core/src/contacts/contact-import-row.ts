import type { CompanySizeBucket, CompanyType, RevenueBand } from '../leads/company-derivations';

/**
 * One contact ready to be stored: trimmed, with the company domain and country code normalized and the
 * revenue band and company type derived. Optional company attributes are null when the row has none, so
 * a blank never erases what is known about the company.
 */
export interface ContactImportRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailStatus: string;
  phone: string | null;
  linkedinUrl: string | null;
  jobTitle: string;
  seniority: string;
  department: string;
  countryCode: string;
  country: string | null;
  state: string;
  city: string;
  companyName: string;
  companyDomain: string;
  companySize: CompanySizeBucket | null;
  revenueBand: RevenueBand | null;
  companyFounded: number | null;
  companyLinkedin: string | null;
  industry: string | null;
  category: string | null;
  companyType: CompanyType;
  companyDescription: string | null;
}

export const DEFAULT_EMAIL_STATUS = 'unknown';
