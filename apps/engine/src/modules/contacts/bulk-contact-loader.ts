import type { PoolClient } from 'pg';
import { CHUNK_ROWS } from './chunk-pipeline';
import type { ContactChunk } from './contact-chunk';
import type { ChunkCompanies, ContactLoader, ContactLoadSetup, PreviousChunkSteps } from './contact-loader';
import type { BulkLoad } from './contacts.repository';

/** A contacts table holding at most this many rows may take a bulk load. */
const BULK_LOAD_MAX_EXISTING = CHUNK_ROWS;

/** How long a bulk load waits for other sessions to leave companies and contacts before the load is chunked instead. */
const BULK_LOCK_WAIT_MS = 2_000;

/**
 * Writes a large load into a (nearly) empty contacts table in one transaction on one connection (see
 * ContactsRepository.beginBulkLoad): each chunk's companies, then its contacts COPYed straight into the
 * table, with the indexes and foreign keys that only reads need built once at the end. Per-row index
 * and foreign-key upkeep was most of what PostgreSQL spent on a large first import; all or nothing of a
 * bulk load commits.
 */
export class BulkContactLoader implements ContactLoader {
  changedRows = 0;
  /** COPY straight into the table until a chunk meets an existing or repeated id; upserts from then on. */
  private expectNew = true;

  private constructor(
    private readonly setup: ContactLoadSetup,
    /** What the open transaction set aside; null once it has committed or rolled back. */
    private open: BulkLoad | null,
  ) {}

  /** Opens the load's transaction; null, with none open, when the tables are busy or contacts holds too many rows. */
  static async begin(setup: ContactLoadSetup): Promise<BulkContactLoader | null> {
    const bulk = await setup.repository.beginBulkLoad(setup.connections.contacts[0], BULK_LOAD_MAX_EXISTING, BULK_LOCK_WAIT_MS);
    return bulk && new BulkContactLoader(setup, bulk);
  }

  /** The one connection takes a chunk's companies only after the previous chunk's contacts. */
  companiesTurn(previous: PreviousChunkSteps): Promise<void> {
    return previous.contacts;
  }

  async writeCompanies(chunk: ContactChunk): Promise<ChunkCompanies> {
    const { repository, directory } = this.setup;
    const client = this.client;
    const companyIds = await directory.companyIds(chunk, {
      write: async (lines, domains) => {
        const written = await repository.writeCompanies(client, lines, domains);
        this.changedRows += written.changed;
        return written;
      },
      findIds: (domains) => repository.findCompanyIds(client, domains),
    });
    // The contacts take their browse positions as they are copied.
    return { companyIds, seqs: null };
  }

  async writeContacts(chunk: ContactChunk, { companyIds }: ChunkCompanies): Promise<number> {
    const { repository, fields } = this.setup;
    const client = this.client;
    if (this.expectNew) {
      const copied = await repository.copyNewContacts(client, chunk.tableLines(companyIds));
      if (copied !== null) {
        this.changedRows += copied;
        return copied;
      }
      // From the first existing or repeated id on, upserts; browse positions are then reserved here.
      this.expectNew = false;
    }
    const seqs = await repository.reserveSeqs(client, chunk.rows);
    const merged = await repository.mergeContacts(client, { lines: chunk.stagingLines(), seqs, companyIds, expectNew: false }, fields);
    this.changedRows += merged.inserted + merged.modified;
    return merged.inserted;
  }

  /** Re-creates what the load set aside and commits it all. */
  async finish(): Promise<void> {
    if (this.open === null) return;
    await this.setup.repository.finishBulkLoad(this.client, this.open);
    this.open = null;
  }

  /** Rolls the whole load back: nothing of it changed anything. */
  async abort(): Promise<void> {
    if (this.open === null) return;
    this.open = null;
    this.changedRows = 0;
    // A connection that cannot roll back is closed rather than reused (see withBulkConnection).
    await this.setup.repository.rollback(this.client).catch(() => undefined);
  }

  private get client(): PoolClient {
    return this.setup.connections.contacts[0];
  }
}
