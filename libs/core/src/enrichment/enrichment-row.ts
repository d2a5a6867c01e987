import { normalizeScrapeInput } from '../scrape/normalize-scrape-input';
import type { EnrichmentColumns } from './enrichment-columns';
import { isFreeMailDomain } from './free-mail-domains';

/** What one uploaded row says of its contact. */
export interface EnrichmentRowContact {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  company: string | null;
  /** The company website to read: the website column, else the email's domain unless it is a mailbox provider. */
  domain: string | null;
}

const EMAIL = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/;

const cell = (cells: readonly string[], index: number) => {
  const value = index === -1 ? '' : (cells[index] ?? '').trim();
  return value === '' ? null : value;
};

function hostOf(value: string | null): string | null {
  return value ? normalizeScrapeInput(value).host : null;
}

export function readEnrichmentRow(cells: readonly string[], columns: EnrichmentColumns): EnrichmentRowContact {
  const rawEmail = cell(cells, columns.email);
  const email = rawEmail && EMAIL.test(rawEmail) ? rawEmail.toLowerCase() : null;
  let firstName = cell(cells, columns.firstName);
  let lastName = cell(cells, columns.lastName);
  const fullName = cell(cells, columns.fullName);
  if (fullName && !firstName) {
    const [head, ...rest] = fullName.split(/\s+/);
    firstName = head;
    lastName ??= rest.length > 0 ? rest.join(' ') : null;
  }
  const emailDomain = email ? hostOf(email) : null;
  const domain = hostOf(cell(cells, columns.website)) ?? (emailDomain && !isFreeMailDomain(emailDomain) ? emailDomain : null);
  return { email, firstName, lastName, title: cell(cells, columns.title), company: cell(cells, columns.company), domain };
}

/** 1-based data row numbers of the rows with neither a usable website nor a usable email. */
export function rowsMissingWebsiteOrEmail(rows: readonly (readonly string[])[], columns: EnrichmentColumns): number[] {
  const missing: number[] = [];
  rows.forEach((cells, index) => {
    const website = hostOf(cell(cells, columns.website));
    const email = cell(cells, columns.email);
    if (!website && !(email && EMAIL.test(email))) missing.push(index + 1);
  });
  return missing;
}
