import { CompanyImport, companyOfRow, ContactImportRow, overlayCompany, rowAddsToCompany } from '@lead-engine/core';
import { CopyBuffer } from './copy-buffer';
import { contactStagingLine } from './staging-line';

/**
 * The rows of one chunk as they arrive: contact staging lines split by id between two connections
 * (the same id always on the same one), and what the rows say about each company, folded.
 */
export class ContactChunk {
  readonly halves = [new CopyBuffer(), new CopyBuffer()] as const;
  private readonly companyEntries = new Map<string, { ordinal: number; company: CompanyImport }>();
  rows = 0;

  add(row: ContactImportRow): void {
    let entry = this.companyEntries.get(row.companyDomain);
    if (entry === undefined) {
      entry = { ordinal: this.companyEntries.size + 1, company: companyOfRow(row) };
      this.companyEntries.set(row.companyDomain, entry);
    } else if (rowAddsToCompany(entry.company, row)) {
      entry.company = overlayCompany(entry.company, companyOfRow(row));
    }
    this.rows++;
    this.halves[row.id.charCodeAt(35) & 1].line(contactStagingLine(this.rows, entry.ordinal, row));
  }

  /** The chunk's companies in company-ordinal order. */
  companies(): CompanyImport[] {
    return Array.from(this.companyEntries.values(), (entry) => entry.company);
  }
}
