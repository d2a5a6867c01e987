import type { FinishedItem } from './scrape-jobs.repository';

export interface FinishedRead extends FinishedItem {
  domain: string;
  /** Readable text to cache; empty for cache hits and for every outcome but ok. */
  text: string;
}

const MAX_BATCH = 500;
const MAX_DELAY_MS = 250;

/**
 * Collects finished reads and writes them in batches, one batch at a time, so that results are
 * numbered in the order they were written and a crash loses at most the last quarter second of reads.
 */
export class ScrapeResultWriter {
  private buffer: FinishedRead[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private failure: Error | null = null;

  constructor(private readonly write: (batch: FinishedRead[]) => Promise<void>) {}

  add(item: FinishedRead): void {
    if (this.failure) throw this.failure;
    this.buffer.push(item);
    if (this.buffer.length >= MAX_BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), MAX_DELAY_MS);
  }

  async close(): Promise<void> {
    this.flush();
    await this.writing;
    if (this.failure) throw this.failure;
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return;
    this.writing = this.writing
      .then(() => (this.failure ? undefined : this.write(batch)))
      .catch((error: Error) => {
        this.failure ??= error;
      });
  }
}
