import type { ContactImportRow } from '@lead-engine/core';
import type { PoolClient } from 'pg';
import { CompanyDirectory } from './company-directory';
import { ContactChunk } from './contact-chunk';
import type { ContactCsvBatch } from './contact-csv-batch';
import { BulkLoad, ContactField, ContactMerge, ContactsRepository } from './contacts.repository';
import { CopyBuffer } from './copy-buffer';
import { companyStagingLine } from './staging-line';

/** Rows per chunk: big enough that per-chunk costs vanish, small enough to hold three (built, companies, contacts). */
export const CHUNK_ROWS = 50_000;

/** A load of more than a chunk into a contacts table holding at most this many rows is a bulk load. */
export const BULK_LOAD_MAX_EXISTING = CHUNK_ROWS;

/** How long a bulk load waits for other sessions to leave companies and contacts before loading chunk by chunk. */
const BULK_LOCK_WAIT_MS = 2_000;

export interface ContactSink {
  /** Adds a row, in file order. True when a chunk is full and `flush()` must be awaited before the next add. */
  add(row: ContactImportRow): boolean;
  /** Adds the rows of a batch checked on the CSV worker, likewise. */
  addBatch(batch: ContactCsvBatch): boolean;
  flush(): Promise<void>;
}

export interface LoadOutcome {
  /** Contacts whose id was new. */
  inserted: number;
  /** Rows whose id existed already (in the table or earlier in the same load). */
  updated: number;
}

/** What a chunk's contacts need from its companies step. */
interface PreparedChunk {
  companyIds: string[];
  /** Reserved browse positions; a bulk load's contacts take theirs as they are copied. */
  seqs: string | null;
}

const ignore = () => undefined;

/**
 * Writes rows a chunk at a time while the producer builds the next one. A chunk takes three short
 * transactions: its new or changed companies (and its browse positions, reserved in file order) on a
 * connection of their own, then its contacts, split by id between two more connections and merged side
 * by side, so PostgreSQL works on every core. A chunk's companies step runs while the previous chunk's
 * contacts are still merging; its contacts wait for them, so rows with the same id are applied in file
 * order and the last one wins.
 *
 * A bulk load (more than one chunk into a nearly empty contacts table) instead runs in one transaction
 * on one connection (see ContactsRepository.beginBulkLoad): each chunk's companies, then its contacts
 * COPYed straight into the table, with the indexes and foreign keys that only reads need built once at
 * the end. Per-row index and foreign-key upkeep was most of what PostgreSQL spent on a large first
 * import; all or nothing of a bulk load commits.
 */
export class ChunkPipeline implements ContactSink {
  private chunk = new ContactChunk();
  private companiesStep: Promise<void> = Promise.resolve();
  private contactsStep: Promise<void> = Promise.resolve();
  private olderContactsStep: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private expectNew = true;
  /** Undecided until the first chunk is written. */
  private bulk: BulkLoad | null | undefined;
  readonly outcome: LoadOutcome = { inserted: 0, updated: 0 };
  /** Rows of companies and contacts that committed chunks changed. */
  changedRows = 0;

  constructor(
    private readonly connections: { companies: PoolClient; contacts: readonly [PoolClient, PoolClient] },
    private readonly repository: ContactsRepository,
    private readonly fields: readonly ContactField[],
    private readonly directory = new CompanyDirectory(),
  ) {}

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
    // Two chunks in the database at most: the one merging contacts and the one writing companies.
    await this.olderContactsStep;
    this.throwIfFailed();
    if (this.bulk === undefined) {
      this.bulk = last ? null : await this.repository.beginBulkLoad(this.bulkClient, BULK_LOAD_MAX_EXISTING, BULK_LOCK_WAIT_MS);
    }
    // A bulk load's one connection takes a chunk's companies only after the previous chunk's contacts.
    const prepared = (this.bulk ? this.contactsStep : this.companiesStep).then(() => this.prepare(chunk));
    this.companiesStep = prepared.then(ignore, ignore);
    const merged = Promise.all([prepared, this.contactsStep]).then(([plan]) => this.merge(chunk, plan));
    this.olderContactsStep = this.contactsStep;
    this.contactsStep = merged.catch((error: unknown) => {
      this.failure ??= { error };
    });
  }

  async close(): Promise<void> {
    try {
      await this.write(true);
      await this.settle();
      this.throwIfFailed();
      if (this.bulk) await this.repository.finishBulkLoad(this.bulkClient, this.bulk);
    } catch (error) {
      await this.abort();
      throw error;
    }
    this.bulk = null;
  }

  /** Waits for every chunk being written, whatever the outcome, and rolls back a bulk load. */
  async abort(): Promise<void> {
    await this.settle();
    if (this.bulk) {
      this.bulk = null;
      this.changedRows = 0;
      // A connection that cannot roll back is closed rather than reused (see withBulkConnection).
      await this.repository.rollback(this.bulkClient).catch(ignore);
    }
  }

  private async settle(): Promise<void> {
    await Promise.all([this.companiesStep, this.contactsStep]);
  }

  private get bulkClient(): PoolClient {
    return this.connections.contacts[0];
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  private async prepare(chunk: ContactChunk): Promise<PreparedChunk> {
    this.throwIfFailed();
    const bulk = this.bulk !== null;
    const client = bulk ? this.bulkClient : this.connections.companies;
    const companyWrites = this.directory.toWrite(chunk.companyUpdates());
    if (companyWrites.length > 0) {
      const lines = new CopyBuffer();
      for (const company of companyWrites) lines.line(companyStagingLine(company));
      const domains = companyWrites.map((company) => company.domain);
      const write = () => this.repository.writeCompanies(client, lines.slices(), domains);
      const written = await (bulk ? write() : this.inTransaction(client, write));
      this.directory.remember(companyWrites, written.ids);
      this.changedRows += written.changed;
    }
    const domains = chunk.companyDomains();
    // A company this load wrote earlier and the directory has since forgotten.
    const forgotten = domains.filter((domain) => this.directory.idOf(domain) === undefined);
    if (forgotten.length > 0) this.directory.rememberIds(await this.repository.findCompanyIds(client, forgotten));
    return {
      companyIds: domains.map((domain) => {
        const id = this.directory.idOf(domain);
        if (id === undefined) throw new Error(`company ${domain} has no id`);
        return id;
      }),
      seqs: bulk ? null : await this.repository.reserveSeqs(client, chunk.rows),
    };
  }

  private async merge(chunk: ContactChunk, prepared: PreparedChunk): Promise<void> {
    this.throwIfFailed();
    if (this.bulk) return this.mergeInBulk(chunk, prepared.companyIds);
    const seqs = prepared.seqs as string;
    const merges = await Promise.allSettled(
      ([0, 1] as const).map(async (half): Promise<ContactMerge> => {
        if (chunk.halfRows[half] === 0) return { inserted: 0, modified: 0, allNew: true };
        const client = this.connections.contacts[half];
        const batch = { lines: chunk.stagingLines(half), seqs, companyIds: prepared.companyIds, expectNew: this.expectNew };
        return this.inTransaction(client, () => this.repository.mergeContacts(client, batch, this.fields));
      }),
    );
    for (const merge of merges) {
      if (merge.status === 'fulfilled') this.changedRows += merge.value.inserted + merge.value.modified;
    }
    const failed = merges.find((merge): merge is PromiseRejectedResult => merge.status === 'rejected');
    if (failed) throw failed.reason;

    const done = merges.map((merge) => (merge as PromiseFulfilledResult<ContactMerge>).value);
    const inserted = done.reduce((sum, merge) => sum + merge.inserted, 0);
    this.outcome.inserted += inserted;
    this.outcome.updated += chunk.rows - inserted;
    // Once a chunk met existing or repeated ids, the next ones likely will too: go straight to upserts.
    if (done.some((merge) => !merge.allNew)) this.expectNew = false;
  }

  private async mergeInBulk(chunk: ContactChunk, companyIds: string[]): Promise<void> {
    const client = this.bulkClient;
    if (this.expectNew) {
      const copied = await this.repository.copyNewContacts(client, chunk.tableLines(companyIds));
      if (copied !== null) {
        this.outcome.inserted += copied;
        this.changedRows += copied;
        return;
      }
      // From the first existing or repeated id on, upserts; browse positions are then reserved here.
      this.expectNew = false;
    }
    const seqs = await this.repository.reserveSeqs(client, chunk.rows);
    const merged = await this.repository.mergeContacts(
      client,
      { lines: chunk.stagingLines(), seqs, companyIds, expectNew: false },
      this.fields,
    );
    this.changedRows += merged.inserted + merged.modified;
    this.outcome.inserted += merged.inserted;
    this.outcome.updated += chunk.rows - merged.inserted;
  }

  private async inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
    await this.repository.begin(client);
    try {
      const result = await work();
      await this.repository.commit(client);
      return result;
    } catch (error) {
      await this.repository.rollback(client).catch(() => undefined);
      throw error;
    }
  }
}
