import { companyAddsTo, CompanyImport, overlayCompany } from '@lead-engine/core';
import { detachedCompany } from './detached-copies';

/** Past this many domains the directory starts over: it only saves work, so forgetting is safe. */
const MAX_REMEMBERED = 250_000;

interface Remembered {
  id: string;
  /** What was written, or null for a company whose id was only looked up. */
  company: CompanyImport | null;
}

/**
 * What one load has written about each company so far, and the company's id. A chunk writes only the
 * companies it says something new about, and its contact rows carry company ids rather than domains to
 * look up, which is most of what a chunk would otherwise cost PostgreSQL beyond the contacts themselves.
 */
export class CompanyDirectory {
  private readonly known = new Map<string, Remembered>();

  constructor(private readonly maxRemembered = MAX_REMEMBERED) {}

  /** The companies of a chunk that must be written: new to this load, or changed by the chunk. */
  toWrite(chunk: Iterable<CompanyImport>): CompanyImport[] {
    if (this.known.size > this.maxRemembered) this.known.clear();
    const writes: CompanyImport[] = [];
    for (const company of chunk) {
      const remembered = this.known.get(company.domain);
      if (remembered?.company == null || companyAddsTo(remembered.company, company)) writes.push(company);
    }
    return writes;
  }

  /** After the written companies committed: their ids by domain, as the database gave them. */
  remember(written: readonly CompanyImport[], ids: ReadonlyMap<string, string>): void {
    for (const company of written) {
      const id = ids.get(company.domain);
      if (id === undefined) throw new Error(`no company id came back for ${company.domain}`);
      const remembered = this.known.get(company.domain)?.company;
      const known = detachedCompany(remembered ? overlayCompany(remembered, company) : company);
      this.known.set(known.domain, { id, company: known });
    }
  }

  /** Ids of companies written before but no longer remembered, as looked up. */
  rememberIds(ids: ReadonlyMap<string, string>): void {
    for (const [domain, id] of ids) this.known.set(domain, { id, company: null });
  }

  /** The company's id, if it is remembered. */
  idOf(domain: string): string | undefined {
    return this.known.get(domain)?.id;
  }
}
