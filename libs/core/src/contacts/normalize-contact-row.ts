import { COMPANY_SIZE_BUCKETS, companyTypeForIndustry, isCompanySizeBucket, revenueBandForSize } from '../leads/company-derivations';
import type { ContactCsvHeader } from './contact-csv-header';
import { type ContactImportRow, DEFAULT_EMAIL_STATUS } from './contact-import-row';
import { normalizeCompanyDomain } from './normalize-company-domain';

/** A valid row, and how many of its URLs (linkedin_url, company_linkedin) were dropped for not being http(s). */
export type ContactRowResult = { ok: true; row: ContactImportRow; urlsDropped: number } | { ok: false; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY_CODE = /^[A-Za-z]{2}$/;
const YEAR = /^[1-9]\d{3}$/;
const NUL = '\u0000';

export function wrongColumnCountReason(expected: number, actual: number): string {
  return `wrong column count: expected ${expected} fields, got ${actual}`;
}

const rejected = (reason: string): ContactRowResult => ({ ok: false, reason });

/** A value as it appears in a reason: quoted, and short enough to read. */
function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

function field(fields: readonly string[], position: number): string {
  return position < 0 ? '' : fields[position].trim();
}

/**
 * A URL as imported: kept only when it is an absolute http or https URL, since these are shown as links;
 * any other scheme (javascript:, data:, …) or a value that is no URL is dropped (null), and so is nothing.
 */
export function webUrlOf(value: string): string | null {
  if (value === '') return null;
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'http:' || protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

function sizeBucket(value: string) {
  if (isCompanySizeBucket(value)) return value;
  const tidied = value.replace(/\s+/g, ' ').toLowerCase();
  return isCompanySizeBucket(tidied) ? tidied : null;
}

/**
 * Checks and normalizes one data record of the contacts CSV (contract §6). The first problem found is
 * the reason the row is rejected. `newId` is called only for a valid row without an id; a caller that
 * sees the same company domains over and over may pass a remembering `normalizeDomain`.
 */
export function normalizeContactRow(
  fields: readonly string[],
  header: ContactCsvHeader,
  newId: () => string,
  normalizeDomain: (value: string) => string | null = normalizeCompanyDomain,
): ContactRowResult {
  if (fields.length !== header.width) return rejected(wrongColumnCountReason(header.width, fields.length));
  for (let position = 0; position < fields.length; position++) {
    if (fields[position].includes(NUL)) return rejected(`invalid characters: field ${position + 1} contains a NUL byte`);
  }
  const at = header.index;

  const givenId = field(fields, at.id);
  if (givenId !== '' && !UUID.test(givenId)) return rejected(`invalid id: ${shown(givenId)} is not a uuid`);

  const firstName = field(fields, at.first_name);
  if (firstName === '') return rejected('missing first_name');
  const lastName = field(fields, at.last_name);
  if (lastName === '') return rejected('missing last_name');
  const email = field(fields, at.email);
  if (email === '') return rejected('missing email');
  const jobTitle = field(fields, at.job_title);
  if (jobTitle === '') return rejected('missing job_title');
  const companyName = field(fields, at.company_name);
  if (companyName === '') return rejected('missing company_name');
  const givenDomain = field(fields, at.company_domain);
  if (givenDomain === '') return rejected('missing company_domain');
  const givenCountryCode = field(fields, at.country_code);
  if (givenCountryCode === '') return rejected('missing country_code');

  if (!EMAIL.test(email)) return rejected(`invalid email: ${shown(email)}`);
  const companyDomain = normalizeDomain(givenDomain);
  if (companyDomain === null) return rejected(`invalid company_domain: ${shown(givenDomain)} is not a domain name`);
  if (!COUNTRY_CODE.test(givenCountryCode)) {
    return rejected(`invalid country_code: ${shown(givenCountryCode)} is not a two-letter code`);
  }

  const givenSize = field(fields, at.company_size);
  const companySize = givenSize === '' ? null : sizeBucket(givenSize);
  if (givenSize !== '' && companySize === null) {
    return rejected(`invalid company_size: ${shown(givenSize)} is not one of ${COMPANY_SIZE_BUCKETS.join(', ')}`);
  }
  const givenFounded = field(fields, at.company_founded);
  if (givenFounded !== '' && !YEAR.test(givenFounded)) {
    return rejected(`invalid company_founded: ${shown(givenFounded)} is not a four-digit year`);
  }

  const industry = field(fields, at.industry) || null;
  const givenLinkedin = field(fields, at.linkedin_url);
  const linkedinUrl = webUrlOf(givenLinkedin);
  const givenCompanyLinkedin = field(fields, at.company_linkedin);
  const companyLinkedin = webUrlOf(givenCompanyLinkedin);
  return {
    ok: true,
    urlsDropped: Number(givenLinkedin !== '' && linkedinUrl === null) + Number(givenCompanyLinkedin !== '' && companyLinkedin === null),
    row: {
      id: givenId === '' ? newId() : givenId.toLowerCase(),
      firstName,
      lastName,
      email,
      emailStatus: field(fields, at.email_status) || DEFAULT_EMAIL_STATUS,
      phone: field(fields, at.phone) || null,
      linkedinUrl,
      jobTitle,
      seniority: field(fields, at.seniority),
      department: field(fields, at.department),
      countryCode: givenCountryCode.toUpperCase(),
      country: field(fields, at.country) || null,
      state: field(fields, at.state),
      city: field(fields, at.city),
      companyName,
      companyDomain,
      companySize,
      revenueBand: revenueBandForSize(companySize),
      companyFounded: givenFounded === '' ? null : Number(givenFounded),
      companyLinkedin,
      industry,
      category: field(fields, at.category) || null,
      companyType: companyTypeForIndustry(industry),
      companyDescription: field(fields, at.company_description) || null,
    },
  };
}
