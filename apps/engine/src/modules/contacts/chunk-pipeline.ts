import type { ContactImportRow } from '@lead-engine/core';
import { ContactChunk } from './contact-chunk';
import type { ContactCsvBatch } from './contact-csv-batch';
import type { ContactLoader } from './contact-loader';

/** Rows per chunk: big enough that per-chunk costs vanish, small enough to hold three (built, companies, contacts). */
export const CHUNK_ROWS = 50_000;

export interface ContactSink {
  /** Adds a row, in file order. True when a chunk is full and `flush()` must be awaited before the next add. */
  add(row: ContactImportRow): boolean;
  /** Adds the rows of a batch checked on the CSV worker, likewise. */
  addBatch(batch: ContactCsvBatch): boolean;
  flush(): Promise<void>;
  /** What the chunks written so far did. */
  readonly outcome: LoadOutcome;
}

export interface LoadOutcome {
  /** Contacts whose id was new. */
  inserted: number;
  /** Rows whose id existed already (in the table or earlier in the same load). */
  updated: number;
}

const ignore = () => undefined;

/**
 * Writes rows a chunk at a time while the producer builds the next one. Each chunk takes two steps, its
 * companies and then its contacts, through the load's ContactLoader, chosen once when the first chunk
 * is written (`chooseLoader` is told whether that chunk is the whole load; see chooseContactLoader).
 * A chunk's contacts wait for the previous chunk's, so rows with the same id are applied in file order
 * and the last one wins; its companies step may run while the previous chunk's contacts are still
 * being written, when the loader allows it (companiesTurn).
 */
export class ChunkPipeline implements ContactSink {
  private chunk = new ContactChunk();
  private companiesStep: Promise<void> = Promise.resolve();
  private contactsStep: Promise<void> = Promise.resolve();
  private olderContactsStep: Promise<void> = Promise.resolve();
  /** The first failure in file order: a chunk's contacts step fails with its own error or with an earlier chunk's. */
  private failure: { error: unknown } | null = null;
  /** A companies step failed: later chunks write nothing more, even before that chunk's contacts step has failed with it. */
  private companiesFailed = false;
  /** Null until the first chunk is written. */
  private loader: ContactLoader | null = null;
  readonly outcome: LoadOutcome = { inserted: 0, updated: 0 };

  constructor(private readonly chooseLoader: (oneChunk: boolean) => Promise<ContactLoader>) {}

  /** Rows of companies and contacts that the load changed and that committed (or will, with close). */
  get changedRows(): number {
    return this.loader?.changedRows ?? 0;
  }

  add(row: ContactImportRow): boolean {
    this.chunk.add(row);
    return this.chunk.rows >= CHUNK_ROWS;
  }

  addBatch(batch: ContactCsvBatch): boolean {
    this.chunk.addBatch(batch);
    return this.chunk.rows >= CHUNK_ROWS;
  }

  flush(): Promise<void> {
    return this.write(false);
  }

  private async write(last: boolean): Promise<void> {
    if (this.chunk.rows === 0) return;
    const chunk = this.chunk;
    this.chunk = new ContactChunk();
    // Two chunks in the database at most: the one writing contacts and the one writing companies.
    await this.olderContactsStep;
    if (this.stopped) {
      await this.settle();
      this.throwIfFailed();
    }
    if (this.loader === null) this.loader = await this.chooseLoader(last);
    const loader = this.loader;
    const companies = loader.companiesTurn({ companies: this.companiesStep, contacts: this.contactsStep }).then(() => {
      // Never the load's error: this chunk's contacts step fails first with the earlier chunk's.
      if (this.stopped) throw new Error('an earlier chunk failed');
      return loader.writeCompanies(chunk);
    });
    this.companiesStep = companies.then(ignore, () => {
      this.companiesFailed = true;
    });
    // Waits for the previous chunk's contacts whatever happens to this chunk's companies, so that once the
    // last step has settled nothing is being written, and a chunk's contacts are written exactly when every
    // chunk before it was written whole and its own companies were: what a failed load keeps does not
    // depend on which step happened to fail first.
    const previousContacts = this.contactsStep;
    const contacts = previousContacts.then(async () => {
      if (this.failure) throw this.failure.error;
      const inserted = await loader.writeContacts(chunk, await companies);
      this.outcome.inserted += inserted;
      this.outcome.updated += chunk.rows - inserted;
    });
    this.olderContactsStep = previousContacts;
    this.contactsStep = contacts.catch((error: unknown) => {
      this.failure ??= { error };
    });
  }

  async close(): Promise<void> {
    try {
      await this.write(true);
      await this.settle();
      this.throwIfFailed();
      await this.loader?.finish();
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  /** Waits for every chunk being written, whatever the outcome, and has the loader undo what it can. */
  async abort(): Promise<void> {
    await this.settle();
    await this.loader?.abort();
  }

  private async settle(): Promise<void> {
    await Promise.all([this.companiesStep, this.contactsStep]);
  }

  /** Once a step failed, no later step starts. */
  private get stopped(): boolean {
    return this.failure !== null || this.companiesFailed;
  }

  /** Once every step has settled, a failed load has its first failure in file order here (see write). */
  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
