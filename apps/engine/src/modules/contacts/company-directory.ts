import { CompanyImport, FoldedCompanies } from '@lead-engine/core';
import type { ContactChunk } from './contact-chunk';
import type { CompanyWrite } from './contacts.repository';
import { CopyBuffer } from './copy-buffer';
import { detachedCompany } from './detached-copies';
import { companyStagingLine } from './staging-line';

/** Past this many domains the directory starts over: it only saves work, so forgetting is safe. */
const MAX_REMEMBERED = 250_000;

/** Where a load writes its companies and looks their ids up. */
export interface CompanyStore {
  /** Upserts the companies (COPY text of COMPANY_STAGING_COLUMNS); answers every one's id. */
  write(lines: Iterable<Buffer>, domains: readonly string[]): Promise<CompanyWrite>;
  findIds(domains: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

/**
 * What one load has written about each company so far, and the company's id. A chunk writes only the
 * companies it says something new about, and its contact rows carry company ids rather than domains to
 * look up, which is most of what a chunk would otherwise cost PostgreSQL beyond the contacts themselves.
 */
export class CompanyDirectory {
  /** What was written about each company (copied out of the file's text). */
  private readonly written = new FoldedCompanies(detachedCompany);
  /** Ids by domain: of the companies written, and of those written before and only looked up since. */
  private readonly ids = new Map<string, string>();

  constructor(private readonly maxRemembered = MAX_REMEMBERED) {}

  /**
   * A chunk's companies step: writes the companies the chunk says something new about and answers the
   * id of each of the chunk's companies, by company ordinal.
   */
  async companyIds(chunk: ContactChunk, store: CompanyStore): Promise<string[]> {
    const writes = this.toWrite(chunk.companyUpdates());
    if (writes.length > 0) {
      const lines = new CopyBuffer();
      for (const company of writes) lines.line(companyStagingLine(company));
      const written = await store.write(
        lines.slices(),
        writes.map((company) => company.domain),
      );
      this.remember(writes, written.ids);
    }
    const domains = chunk.companyDomains();
    // A company this load wrote earlier and the directory has since forgotten.
    const forgotten = domains.filter((domain) => this.idOf(domain) === undefined);
    if (forgotten.length > 0) this.rememberIds(await store.findIds(forgotten));
    return domains.map((domain) => {
      const id = this.idOf(domain);
      if (id === undefined) throw new Error(`company ${domain} has no id`);
      return id;
    });
  }

  /** The companies of a chunk that must be written: new to this load, or changed by the chunk. */
  toWrite(chunk: Iterable<CompanyImport>): CompanyImport[] {
    if (this.ids.size > this.maxRemembered) {
      this.ids.clear();
      this.written.clear();
    }
    const writes: CompanyImport[] = [];
    for (const company of chunk) if (this.written.addsTo(company)) writes.push(company);
    return writes;
  }

  /** After the written companies committed: their ids by domain, as the database gave them. */
  remember(written: readonly CompanyImport[], ids: ReadonlyMap<string, string>): void {
    for (const company of written) {
      const id = ids.get(company.domain);
      if (id === undefined) throw new Error(`no company id came back for ${company.domain}`);
      this.written.fold(company);
      this.ids.set(company.domain, id);
    }
  }

  /** Ids of companies written before but no longer remembered, as looked up. */
  rememberIds(ids: ReadonlyMap<string, string>): void {
    for (const [domain, id] of ids) this.ids.set(domain, id);
  }

  /** The company's id, if it is remembered. */
  idOf(domain: string): string | undefined {
    return this.ids.get(domain);
  }
}
