import type { ContactImportRow } from '@lead-engine/core';
import type { PoolClient } from 'pg';
import { CompanyDirectory } from './company-directory';
import { ContactChunk } from './contact-chunk';
import { ContactField, ContactMerge, ContactsRepository } from './contacts.repository';
import { CopyBuffer } from './copy-buffer';
import { companyStagingLine } from './staging-line';

/** Rows per chunk: big enough that per-chunk costs vanish, small enough to hold three (built, companies, contacts). */
export const CHUNK_ROWS = 50_000;

export interface ContactSink {
  /** Adds a row, in file order. True when a chunk is full and `flush()` must be awaited before the next add. */
  add(row: ContactImportRow): boolean;
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
  seqs: string;
}

const ignore = () => undefined;

/**
 * Writes rows a chunk at a time while the producer builds the next one. A chunk takes three short
 * transactions: its new or changed companies (and its browse positions, reserved in file order) on a
 * connection of their own, then its contacts, split by id between two more connections and merged side
 * by side, so PostgreSQL works on every core. A chunk's companies step runs while the previous chunk's
 * contacts are still merging; its contacts wait for them, so rows with the same id are applied in file
 * order and the last one wins.
 */
export class ChunkPipeline implements ContactSink {
  private chunk = new ContactChunk();
  private companiesStep: Promise<void> = Promise.resolve();
  private contactsStep: Promise<void> = Promise.resolve();
  private olderContactsStep: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private readonly directory = new CompanyDirectory();
  private expectNew = true;
  readonly outcome: LoadOutcome = { inserted: 0, updated: 0 };
  /** Rows of companies and contacts that committed chunks changed. */
  changedRows = 0;

  constructor(
    private readonly connections: { companies: PoolClient; contacts: readonly [PoolClient, PoolClient] },
    private readonly repository: ContactsRepository,
    private readonly fields: readonly ContactField[],
  ) {}

  add(row: ContactImportRow): boolean {
    this.chunk.add(row);
    return this.chunk.rows >= CHUNK_ROWS;
  }

  async flush(): Promise<void> {
    if (this.chunk.rows === 0) return;
    const chunk = this.chunk;
    this.chunk = new ContactChunk();
    // Two chunks in the database at most: the one merging contacts and the one writing companies.
    await this.olderContactsStep;
    this.throwIfFailed();
    const prepared = this.companiesStep.then(() => this.prepare(chunk));
    this.companiesStep = prepared.then(ignore, ignore);
    const merged = Promise.all([prepared, this.contactsStep]).then(([plan]) => this.merge(chunk, plan));
    this.olderContactsStep = this.contactsStep;
    this.contactsStep = merged.catch((error: unknown) => {
      this.failure ??= { error };
    });
  }

  async close(): Promise<void> {
    await this.flush();
    await this.settle();
    this.throwIfFailed();
  }

  /** Waits for every chunk being written, whatever the outcome. */
  async settle(): Promise<void> {
    await Promise.all([this.companiesStep, this.contactsStep]);
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  private async prepare(chunk: ContactChunk): Promise<PreparedChunk> {
    this.throwIfFailed();
    const client = this.connections.companies;
    const companies = chunk.companies();
    const companyWrites = this.directory.toWrite(companies);
    if (companyWrites.length > 0) {
      const lines = new CopyBuffer();
      for (const company of companyWrites) lines.line(companyStagingLine(company));
      const domains = companyWrites.map((company) => company.domain);
      const written = await this.inTransaction(client, () => this.repository.writeCompanies(client, lines.slices(), domains));
      this.directory.remember(companyWrites, written.ids);
      this.changedRows += written.changed;
    }
    return {
      companyIds: companies.map((company) => this.directory.idOf(company.domain)),
      seqs: await this.repository.reserveSeqs(client, chunk.rows),
    };
  }

  private async merge(chunk: ContactChunk, prepared: PreparedChunk): Promise<void> {
    this.throwIfFailed();
    const merges = await Promise.allSettled(
      chunk.halves.map(async (half, index): Promise<ContactMerge> => {
        if (half.rows === 0) return { inserted: 0, modified: 0, allNew: true };
        const client = this.connections.contacts[index];
        const batch = { lines: half.slices(), ...prepared, expectNew: this.expectNew };
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
