import type { EnrichedRow } from './enrichment-jobs.repository';

const BATCH_ROWS = 250;
const MAX_WAIT_MS = 200;

/**
 * Collects enriched rows and writes them a batch at a time, in order, so progress shows while the job
 * runs and a crash loses at most the rows of the last fraction of a second, which are enriched again.
 */
export class EnrichedRowWriter {
  private pending: EnrichedRow[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private error: unknown = null;

  constructor(private readonly writeBatch: (rows: EnrichedRow[]) => Promise<void>) {}

  add(row: EnrichedRow): void {
    if (this.error) throw this.error;
    this.pending.push(row);
    if (this.pending.length >= BATCH_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), MAX_WAIT_MS);
  }

  /** Writes what is left and reports the first write that failed. */
  async close(): Promise<void> {
    this.flush();
    await this.chain;
    if (this.error) throw this.error;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.chain = this.chain.then(async () => {
      if (this.error) return;
      try {
        await this.writeBatch(batch);
      } catch (error) {
        this.error = error;
      }
    });
  }
}
