/** Columns every contacts CSV must have (contract §6). */
export const CONTACT_CSV_REQUIRED_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'job_title',
  'company_name',
  'company_domain',
  'country_code',
] as const;

export const CONTACT_CSV_OPTIONAL_COLUMNS = [
  'id',
  'email_status',
  'phone',
  'linkedin_url',
  'seniority',
  'department',
  'country',
  'state',
  'city',
  'company_size',
  'company_founded',
  'company_linkedin',
  'industry',
  'category',
  'company_description',
] as const;

export type ContactCsvColumn = (typeof CONTACT_CSV_REQUIRED_COLUMNS)[number] | (typeof CONTACT_CSV_OPTIONAL_COLUMNS)[number];

export const CONTACT_CSV_COLUMNS: readonly ContactCsvColumn[] = [...CONTACT_CSV_REQUIRED_COLUMNS, ...CONTACT_CSV_OPTIONAL_COLUMNS];
