import { companyAddsTo, CompanyImport, overlayCompany } from '@lead-engine/core';

/** Past this many domains the directory starts over: it only saves work, so forgetting is safe. */
const MAX_REMEMBERED = 250_000;

/**
 * A copy of a string that shares no memory with the text it was cut from: the CSV reader slices fields
 * out of megabyte pieces of the file, and a remembered slice would keep its whole piece alive.
 */
const detached = (value: string): string => (' ' + value).slice(1);

function detachedCompany(company: CompanyImport): CompanyImport {
  const copy = { ...company };
  for (const key of Object.keys(copy) as Array<keyof CompanyImport>) {
    const value = copy[key];
    if (typeof value === 'string') (copy as Record<string, unknown>)[key] = detached(value);
  }
  return copy;
}

interface Remembered {
  id: string;
  company: CompanyImport;
}

/**
 * What one load has written about each company so far, and the company's id. A chunk writes only the
 * companies it says something new about, and its contact rows carry company ids rather than domains to
 * look up, which is most of what a chunk would otherwise cost PostgreSQL beyond the contacts themselves.
 */
export class CompanyDirectory {
  private readonly known = new Map<string, Remembered>();

  /** The companies of a chunk that must be written: new to this load, or changed by the chunk. */
  toWrite(chunk: Iterable<CompanyImport>): CompanyImport[] {
    if (this.known.size > MAX_REMEMBERED) this.known.clear();
    const writes: CompanyImport[] = [];
    for (const company of chunk) {
      const remembered = this.known.get(company.domain);
      if (remembered === undefined || companyAddsTo(remembered.company, company)) writes.push(company);
    }
    return writes;
  }

  /** After the written companies committed: their ids by domain, as the database gave them. */
  remember(written: readonly CompanyImport[], ids: ReadonlyMap<string, string>): void {
    for (const company of written) {
      const id = ids.get(company.domain);
      if (id === undefined) throw new Error(`no company id came back for ${company.domain}`);
      const remembered = this.known.get(company.domain);
      const known = detachedCompany(remembered ? overlayCompany(remembered.company, company) : company);
      this.known.set(known.domain, { id, company: known });
    }
  }

  idOf(domain: string): string {
    const remembered = this.known.get(domain);
    if (remembered === undefined) throw new Error(`company ${domain} has no id yet`);
    return remembered.id;
  }
}
