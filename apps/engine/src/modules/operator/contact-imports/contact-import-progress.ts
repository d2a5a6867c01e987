import type { ContactImportCounts, ContactImportsRepository } from './contact-imports.repository';

/** How often, at most, the worker writes an import's progress. */
const WRITE_EVERY_MS = 1_000;

export const noCounts = (): ContactImportCounts => ({
  bytesRead: 0,
  rowsRead: 0,
  imported: 0,
  updated: 0,
  rejected: 0,
  urlsDropped: 0,
  rejections: [],
});

/**
 * Keeps an import's latest counts and writes them to its row at most once a second, one write at a
 * time, never holding up the import: the page follows the row, the import follows its file.
 */
export class ContactImportProgress {
  latest: ContactImportCounts = noCounts();
  private writing: Promise<void> | null = null;
  private lastWrite = 0;

  constructor(
    private readonly importId: string,
    private readonly imports: ContactImportsRepository,
  ) {}

  report(counts: ContactImportCounts): void {
    this.latest = counts;
    if (this.writing || Date.now() - this.lastWrite < WRITE_EVERY_MS) return;
    this.lastWrite = Date.now();
    this.writing = this.imports
      .reportProgress(this.importId, { ...counts, rejections: [...counts.rejections] })
      .catch(() => undefined)
      .finally(() => {
        this.writing = null;
      });
  }

  /** Waits for a write under way, so that the settlement is the last word. */
  async settled(): Promise<void> {
    await this.writing;
  }
}
