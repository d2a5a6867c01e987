import type { CompanySizeBucket, CompanyType, RevenueBand } from '../leads/company-derivations';
import type { ContactImportRow } from './contact-import-row';

/** What an import says about one company (by domain); null where no row gave a value. */
export interface CompanyImport {
  domain: string;
  name: string;
  size: CompanySizeBucket | null;
  revenueBand: RevenueBand | null;
  industry: string | null;
  companyType: CompanyType;
  category: string | null;
  founded: number | null;
  linkedinUrl: string | null;
  description: string | null;
}

export function companyOfRow(row: ContactImportRow): CompanyImport {
  return {
    domain: row.companyDomain,
    name: row.companyName,
    size: row.companySize,
    revenueBand: row.revenueBand,
    industry: row.industry,
    companyType: row.companyType,
    category: row.category,
    founded: row.companyFounded,
    linkedinUrl: row.companyLinkedin,
    description: row.companyDescription,
  };
}

/**
 * A later statement about a company laid over an earlier one: a value the later one gives wins, a
 * blank keeps the earlier value. Revenue band and company type follow size and industry.
 */
export function overlayCompany(earlier: CompanyImport, later: CompanyImport): CompanyImport {
  const sized = later.size !== null;
  const typed = later.industry !== null;
  return {
    domain: earlier.domain,
    name: later.name,
    size: sized ? later.size : earlier.size,
    revenueBand: sized ? later.revenueBand : earlier.revenueBand,
    industry: typed ? later.industry : earlier.industry,
    companyType: typed ? later.companyType : earlier.companyType,
    category: later.category ?? earlier.category,
    founded: later.founded ?? earlier.founded,
    linkedinUrl: later.linkedinUrl ?? earlier.linkedinUrl,
    description: later.description ?? earlier.description,
  };
}

/** Whether `update` says anything about the company beyond what `known` holds (overlaying it would change `known`). */
export function companyAddsTo(known: CompanyImport, update: CompanyImport): boolean {
  return (
    update.name !== known.name ||
    (update.size !== null && update.size !== known.size) ||
    (update.industry !== null && update.industry !== known.industry) ||
    (update.category !== null && update.category !== known.category) ||
    (update.founded !== null && update.founded !== known.founded) ||
    (update.linkedinUrl !== null && update.linkedinUrl !== known.linkedinUrl) ||
    (update.description !== null && update.description !== known.description)
  );
}

/** The same question for a row, without building its company first. */
export function rowAddsToCompany(known: CompanyImport, row: ContactImportRow): boolean {
  return (
    row.companyName !== known.name ||
    (row.companySize !== null && row.companySize !== known.size) ||
    (row.industry !== null && row.industry !== known.industry) ||
    (row.category !== null && row.category !== known.category) ||
    (row.companyFounded !== null && row.companyFounded !== known.founded) ||
    (row.companyLinkedin !== null && row.companyLinkedin !== known.linkedinUrl) ||
    (row.companyDescription !== null && row.companyDescription !== known.description)
  );
}

export function sameCompany(a: CompanyImport, b: CompanyImport): boolean {
  return (
    a.domain === b.domain &&
    a.name === b.name &&
    a.size === b.size &&
    a.revenueBand === b.revenueBand &&
    a.industry === b.industry &&
    a.companyType === b.companyType &&
    a.category === b.category &&
    a.founded === b.founded &&
    a.linkedinUrl === b.linkedinUrl &&
    a.description === b.description
  );
}
