import type { PoolClient } from 'pg';
import type { ContactChunk } from './contact-chunk';
import type { ChunkCompanies, ContactLoader, ContactLoadSetup, PreviousChunkSteps } from './contact-loader';
import type { ContactMerge } from './contacts.repository';

/**
 * Commits a load chunk by chunk, each in three short transactions: its new or changed companies (and
 * its browse positions, reserved in file order) on a connection of their own, then its contacts, split
 * by id between two more connections and merged side by side, so PostgreSQL works on every core. A
 * chunk's companies are written while the previous chunk's contacts are still merging. Chunks
 * committed before a failure stay committed.
 */
export class ChunkedContactLoader implements ContactLoader {
  changedRows = 0;
  /** Try a plain insert first (see ContactBatch.expectNew) until a chunk meets an existing or repeated id. */
  private expectNew = true;

  constructor(private readonly setup: ContactLoadSetup) {}

  companiesTurn(previous: PreviousChunkSteps): Promise<void> {
    return previous.companies;
  }

  async writeCompanies(chunk: ContactChunk): Promise<ChunkCompanies> {
    const { repository, directory } = this.setup;
    const client = this.setup.connections.companies;
    const companyIds = await directory.companyIds(chunk, {
      write: async (lines, domains) => {
        const written = await this.inTransaction(client, () => repository.writeCompanies(client, lines, domains));
        this.changedRows += written.changed;
        return written;
      },
      findIds: (domains) => repository.findCompanyIds(client, domains),
    });
    return { companyIds, seqs: await repository.reserveSeqs(client, chunk.rows) };
  }

  async writeContacts(chunk: ContactChunk, companies: ChunkCompanies): Promise<number> {
    const { repository, fields } = this.setup;
    const merges = await Promise.allSettled(
      ([0, 1] as const).map(async (half): Promise<ContactMerge> => {
        if (chunk.halfRows[half] === 0) return { inserted: 0, modified: 0, allNew: true };
        const client = this.setup.connections.contacts[half];
        const batch = {
          lines: chunk.stagingLines(half),
          seqs: companies.seqs as string,
          companyIds: companies.companyIds,
          expectNew: this.expectNew,
        };
        return this.inTransaction(client, () => repository.mergeContacts(client, batch, fields));
      }),
    );
    for (const merge of merges) {
      if (merge.status === 'fulfilled') this.changedRows += merge.value.inserted + merge.value.modified;
    }
    const failed = merges.find((merge): merge is PromiseRejectedResult => merge.status === 'rejected');
    if (failed) throw failed.reason;

    const done = merges.map((merge) => (merge as PromiseFulfilledResult<ContactMerge>).value);
    // Once a chunk met existing or repeated ids, the next ones likely will too: go straight to upserts.
    if (done.some((merge) => !merge.allNew)) this.expectNew = false;
    return done.reduce((sum, merge) => sum + merge.inserted, 0);
  }

  /** Every chunk committed as it was written. */
  async finish(): Promise<void> {}

  /** Chunks committed before the failure stay committed; a failed one rolled its own transactions back. */
  async abort(): Promise<void> {}

  private async inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
    const { repository } = this.setup;
    await repository.begin(client);
    try {
      const result = await work();
      await repository.commit(client);
      return result;
    } catch (error) {
      await repository.rollback(client).catch(() => undefined);
      throw error;
    }
  }
}
