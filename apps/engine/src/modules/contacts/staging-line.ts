import type { CompanyImport, ContactImportRow } from '@lead-engine/core';

/** Contact columns an import writes; on update only those the file has are replaced. */
export const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'email_status',
  'phone',
  'linkedin_url',
  'job_title',
  'seniority',
  'department',
  'country_code',
  'country',
  'state',
  'city',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Columns of a contact line, in the order contactLine lists them. */
export const CONTACT_LINE_COLUMNS = ['id', ...CONTACT_FIELDS] as const;

/**
 * Columns of the contact staging table: a contact line after the row's place in its chunk (`ordinal`)
 * and its company's place in the chunk's company list, which stand in for the browse position and
 * company id the database assigns when the chunk is written.
 */
export const CONTACT_STAGING_COLUMNS = ['ordinal', 'company_ordinal', ...CONTACT_LINE_COLUMNS] as const;

/** Columns COPY fills when a contact line goes straight into the contacts table, after its company id. */
export const CONTACT_TABLE_COLUMNS = ['company_id', ...CONTACT_LINE_COLUMNS] as const;

/** Columns of the company staging table, in the order a company staging line lists them. */
export const COMPANY_STAGING_COLUMNS = [
  'domain',
  'name',
  'size_bucket',
  'revenue_band',
  'industry',
  'company_type',
  'category',
  'founded',
  'linkedin_url',
  'description',
] as const;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPABLE = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in PostgreSQL's COPY text format: `\N` for null, backslash, tab and line breaks escaped. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPABLE, (character) => ESCAPES[character]) : value;
}

const unescaped = (value: string | null): string => value ?? '\\N';

/** A contact's line in COPY text format (CONTACT_LINE_COLUMNS); the company comes in front of it later. */
export function contactLine(row: ContactImportRow): string {
  // One test for the whole row: almost no row holds a character COPY needs escaped.
  const values =
    row.firstName +
    row.lastName +
    row.email +
    row.emailStatus +
    (row.phone ?? '') +
    (row.linkedinUrl ?? '') +
    row.jobTitle +
    row.seniority +
    row.department +
    (row.country ?? '') +
    row.state +
    row.city;
  const text = NEEDS_ESCAPE.test(values) ? copyText : unescaped;
  return (
    `${row.id}\t${text(row.firstName)}\t${text(row.lastName)}\t${text(row.email)}\t` +
    `${text(row.emailStatus)}\t${text(row.phone)}\t${text(row.linkedinUrl)}\t${text(row.jobTitle)}\t` +
    `${text(row.seniority)}\t${text(row.department)}\t${row.countryCode}\t${text(row.country)}\t` +
    `${text(row.state)}\t${text(row.city)}\n`
  );
}

export function companyStagingLine(company: CompanyImport): string {
  return (
    `${copyText(company.domain)}\t${copyText(company.name)}\t${company.size ?? '\\N'}\t${company.revenueBand ?? '\\N'}\t` +
    `${copyText(company.industry)}\t${company.companyType}\t${copyText(company.category)}\t${company.founded ?? '\\N'}\t` +
    `${copyText(company.linkedinUrl)}\t${copyText(company.description)}\n`
  );
}
