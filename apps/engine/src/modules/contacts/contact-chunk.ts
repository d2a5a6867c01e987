import { CompanyImport, ContactImportRow, FoldedCompanies } from '@lead-engine/core';
import type { ContactCsvBatch } from './contact-csv-batch';
import { CopyBuffer, LineSegment, prefixedSlices } from './copy-buffer';
import { contactLine } from './staging-line';

/**
 * The rows of one chunk as they arrive: contact lines in file order, each row's company ordinal and
 * half (by id, so the same id always lands in the same half), and what the rows say about each
 * company, folded. The columns that depend on the database (company id, or the staging ordinals) are
 * put in front of the lines when the chunk is written.
 */
export class ContactChunk {
  /** Lines of the batches added so far, and of the rows added one by one since the last batch. */
  private readonly segments: LineSegment[] = [];
  private lines: CopyBuffer | null = null;
  /** The chunk's companies, by ordinal less one; a company the rows say nothing new about is only named. */
  private readonly companies = new FoldedCompanies();
  private readonly companyOrdinals: number[] = [];
  private readonly halfOf: number[] = [];
  readonly halfRows = [0, 0];
  rows = 0;

  add(row: ContactImportRow): void {
    const ordinal = this.companies.foldRow(row) + 1;
    const half = row.id.charCodeAt(35) & 1;
    this.companyOrdinals.push(ordinal);
    this.halfOf.push(half);
    this.halfRows[half]++;
    this.rows++;
    (this.lines ??= new CopyBuffer()).line(contactLine(row));
  }

  /** Adds the rows of a batch checked on the CSV worker (the same as adding them one by one). */
  addBatch(batch: ContactCsvBatch): void {
    const ordinals = batch.companies.map((sent) => (typeof sent === 'string' ? this.companies.name(sent) : this.companies.fold(sent)) + 1);
    for (let row = 0; row < batch.rows; row++) {
      const half = batch.halves[row];
      this.companyOrdinals.push(ordinals[batch.companyIndexes[row]]);
      this.halfOf.push(half);
      this.halfRows[half]++;
    }
    this.rows += batch.rows;
    this.closeLines();
    this.segments.push({ bytes: batch.lines, ends: batch.ends });
  }

  private closeLines(): void {
    if (this.lines === null) return;
    this.segments.push(this.lines.segment());
    this.lines = null;
  }

  /** The domains of the chunk's companies in company-ordinal order. */
  companyDomains(): string[] {
    return this.companies.domains();
  }

  /** What the chunk's rows say about companies that the load was not told before. */
  companyUpdates(): CompanyImport[] {
    return this.companies.companies();
  }

  /** COPY text of the contacts table's CONTACT_TABLE_COLUMNS, given the company ids by company ordinal. */
  tableLines(companyIds: readonly string[]): Iterable<Buffer> {
    this.closeLines();
    const prefixes = companyIds.map((id) => `${id}\t`);
    return prefixedSlices(this.segments, (row) => prefixes[this.companyOrdinals[row] - 1]);
  }

  /** COPY text of the staging table's CONTACT_STAGING_COLUMNS: every row, or only one half's. */
  stagingLines(half?: 0 | 1): Iterable<Buffer> {
    this.closeLines();
    return prefixedSlices(this.segments, (row) =>
      half === undefined || this.halfOf[row] === half ? `${row + 1}\t${this.companyOrdinals[row]}\t` : null,
    );
  }
}
