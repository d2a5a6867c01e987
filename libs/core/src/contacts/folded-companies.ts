import { companyAddsTo, CompanyImport, companyOfRow, overlayCompany, rowAddsToCompany } from './company-import';
import type { ContactImportRow } from './contact-import-row';

/**
 * What has been said about each company, by domain, in the order the domains came: every statement
 * about a company laid over the ones before it (overlayCompany), so that a statement that says nothing
 * new is seen as such and need not be sent or written again. A domain may also be only named (a
 * company the caller was told about before), until something is said about it.
 */
export class FoldedCompanies {
  private readonly indexes = new Map<string, number>();
  private readonly order: string[] = [];
  private readonly folded: Array<CompanyImport | null> = [];

  /** `keep` makes what is remembered of a statement (a copy that does not pin the text it came from, say). */
  constructor(private readonly keep: (company: CompanyImport) => CompanyImport = (company) => company) {}

  /** Domains remembered. */
  get size(): number {
    return this.order.length;
  }

  has(domain: string): boolean {
    return this.indexes.has(domain);
  }

  /** Whether folding `company` in would change what is remembered: a company unknown, only named, or told something new. */
  addsTo(company: CompanyImport): boolean {
    const index = this.indexes.get(company.domain);
    const known = index === undefined ? null : this.folded[index];
    return known === null || companyAddsTo(known, company);
  }

  /** Folds a statement about a company in; answers the company's index (0 for the first domain, and so on). */
  fold(company: CompanyImport): number {
    const index = this.indexes.get(company.domain);
    if (index === undefined) return this.append(company.domain, this.keep(company));
    const known = this.folded[index];
    if (known === null) this.folded[index] = this.keep(company);
    else if (companyAddsTo(known, company)) this.folded[index] = this.keep(overlayCompany(known, company));
    return index;
  }

  /** The same for what a contact row says about its company, building the company only when the row adds to it. */
  foldRow(row: ContactImportRow): number {
    const index = this.indexes.get(row.companyDomain);
    if (index === undefined) return this.append(row.companyDomain, this.keep(companyOfRow(row)));
    const known = this.folded[index];
    if (known === null) this.folded[index] = this.keep(companyOfRow(row));
    else if (rowAddsToCompany(known, row)) this.folded[index] = this.keep(overlayCompany(known, companyOfRow(row)));
    return index;
  }

  /** Remembers a domain without anything said about it (unless something was); answers its index. */
  name(domain: string): number {
    return this.indexes.get(domain) ?? this.append(domain, null);
  }

  /** What has been said about the company, or undefined when it is unknown or only named. */
  get(domain: string): CompanyImport | undefined {
    const index = this.indexes.get(domain);
    return (index === undefined ? null : this.folded[index]) ?? undefined;
  }

  /** Every domain, by index. */
  domains(): string[] {
    return this.order.slice();
  }

  /** Every company something was said about, by index (the only-named ones left out). */
  companies(): CompanyImport[] {
    return this.folded.filter((company): company is CompanyImport => company !== null);
  }

  clear(): void {
    this.indexes.clear();
    this.order.length = 0;
    this.folded.length = 0;
  }

  private append(domain: string, company: CompanyImport | null): number {
    const index = this.order.length;
    this.indexes.set(domain, index);
    this.order.push(domain);
    this.folded.push(company);
    return index;
  }
}
