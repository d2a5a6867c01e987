import type { PoolClient } from 'pg';
import { BulkContactLoader } from './bulk-contact-loader';
import { ChunkedContactLoader } from './chunked-contact-loader';
import type { CompanyDirectory } from './company-directory';
import type { ContactChunk } from './contact-chunk';
import type { ContactField, ContactsRepository } from './contacts.repository';

/** What a loader writes with: the load's three connections (staging tables created), its contact columns and its company directory. */
export interface ContactLoadSetup {
  connections: { companies: PoolClient; contacts: readonly [PoolClient, PoolClient] };
  repository: ContactsRepository;
  /** The contact columns the rows carry; an existing contact keeps the others. */
  fields: readonly ContactField[];
  directory: CompanyDirectory;
}

/** The steps of the chunk before, which a chunk's own steps may have to wait for. */
export interface PreviousChunkSteps {
  companies: Promise<void>;
  contacts: Promise<void>;
}

/** What a chunk's contacts need from its companies step. */
export interface ChunkCompanies {
  /** Company ids by company ordinal less one. */
  companyIds: string[];
  /** Browse positions reserved in file order with the companies, or null where the contacts take theirs as they are written. */
  seqs: string | null;
}

/**
 * How a load's chunks reach the database, chosen once, with its first chunk (chooseContactLoader).
 * ChunkPipeline calls, for each chunk, writeCompanies then writeContacts (each at most once at a time),
 * then finish after the last chunk, or abort after a failure.
 */
export interface ContactLoader {
  /** Rows of companies and contacts that the load changed and that commit (or have committed). */
  readonly changedRows: number;
  /** Resolves when a chunk's companies may be written, given the previous chunk's steps. */
  companiesTurn(previous: PreviousChunkSteps): Promise<void>;
  /** Writes what the chunk says new about its companies; answers what its contacts need. */
  writeCompanies(chunk: ContactChunk): Promise<ChunkCompanies>;
  /** Inserts or updates the chunk's contacts by id, after the previous chunk's; answers how many ids were new. */
  writeContacts(chunk: ContactChunk, companies: ChunkCompanies): Promise<number>;
  /** After the last chunk's contacts: commits whatever is not committed yet. */
  finish(): Promise<void>;
  /** After a failure, once no chunk is being written: undoes what has not committed. Never throws. */
  abort(): Promise<void>;
}

/**
 * A load of more than one chunk into a (nearly) empty contacts table is a bulk load, when no other
 * session holds companies or contacts for long; any other load is written chunk by chunk.
 */
export async function chooseContactLoader(setup: ContactLoadSetup, oneChunk: boolean): Promise<ContactLoader> {
  const bulk = oneChunk ? null : await BulkContactLoader.begin(setup);
  return bulk ?? new ChunkedContactLoader(setup);
}
