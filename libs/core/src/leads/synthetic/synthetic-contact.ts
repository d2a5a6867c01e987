import type { CompanySizeBucket } from '../company-derivations';

export type SyntheticEmailStatus = 'verified' | 'unknown' | 'catch_all';

/** One row of the contacts CSV import format (contract §6), with camelCase names. */
export interface SyntheticContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailStatus: SyntheticEmailStatus;
  phone: string | null;
  linkedinUrl: string | null;
  jobTitle: string;
  seniority: string;
  department: string;
  country: string;
  countryCode: string;
  state: string;
  city: string;
  companyName: string;
  companyDomain: string;
  companySize: CompanySizeBucket;
  companyFounded: number;
  companyLinkedin: string;
  industry: string;
  category: string;
  companyDescription: string;
}

/** CSV header of each property, in the order a generated file lists them. */
export const SYNTHETIC_CONTACT_CSV_COLUMNS = [
  ['id', 'id'],
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['email', 'email'],
  ['email_status', 'emailStatus'],
  ['phone', 'phone'],
  ['linkedin_url', 'linkedinUrl'],
  ['job_title', 'jobTitle'],
  ['seniority', 'seniority'],
  ['department', 'department'],
  ['country', 'country'],
  ['country_code', 'countryCode'],
  ['state', 'state'],
  ['city', 'city'],
  ['company_name', 'companyName'],
  ['company_domain', 'companyDomain'],
  ['company_size', 'companySize'],
  ['company_founded', 'companyFounded'],
  ['company_linkedin', 'companyLinkedin'],
  ['industry', 'industry'],
  ['category', 'category'],
  ['company_description', 'companyDescription'],
] as const satisfies ReadonlyArray<readonly [string, keyof SyntheticContact]>;
