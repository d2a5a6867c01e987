import { DomainError } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import type { UploadReader } from '../../../infrastructure/http/multipart-upload';
import { checkContactCsvHeader } from '../../contacts/contact-csv-header-check';
import type { ContactImportsRepository } from './contact-imports.repository';

/** Bytes per stored part: few rows per file, little memory per upload. */
export const CONTACT_IMPORT_PART_BYTES = 1024 * 1024;
/** A header row longer than this is left for the import to judge. */
const HEADER_CHECK_BYTES = 64 * 1024;

/** An uploaded contacts CSV, stored whole in PostgreSQL under its import's id. */
export interface StoredContactCsv {
  importId: string;
  bytes: number;
}

/**
 * Streams a contacts CSV into PostgreSQL as it arrives, a part at a time: one part is stored while the
 * next arrives, and a write that completes a part while the previous is still being stored waits for
 * it, so a fast client waits for the database, not the engine's memory. The header row is checked as
 * soon as it is whole. An upload that fails or is cut off is discarded with its parts.
 */
export class ContactCsvUpload implements UploadReader<StoredContactCsv> {
  private readonly importId = randomUUID();
  private begun: Promise<void> | null = null;
  private storing: Promise<void> = Promise.resolve();
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private parts = 0;
  private bytes = 0;
  private header: Buffer | null = Buffer.alloc(0);

  constructor(private readonly imports: ContactImportsRepository) {}

  async write(chunk: Buffer): Promise<void> {
    this.bytes += chunk.length;
    this.checkHeader(chunk);
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= CONTACT_IMPORT_PART_BYTES) {
      await this.storing;
      this.storing = this.storePart();
      // Its failure is met by the next write, by end or by abort; until then it is not unhandled.
      this.storing.catch(() => undefined);
    }
  }

  async end(): Promise<StoredContactCsv> {
    if (this.bytes === 0) throw new DomainError('INVALID_CSV', 'The file is empty: a contacts CSV starts with a header row.');
    if (this.header !== null) checkContactCsvHeader(this.header);
    await this.storing;
    if (this.pendingBytes > 0) await this.storePart();
    return { importId: this.importId, bytes: this.bytes };
  }

  /** Never throws: an upload it cannot discard now goes with the old ones (discardUploadsBefore). */
  async abort(): Promise<void> {
    if (!this.begun) return;
    await this.storing.catch(() => undefined);
    await this.begun.then(() => this.imports.discardUpload(this.importId)).catch(() => undefined);
  }

  private checkHeader(chunk: Buffer): void {
    if (this.header === null) return;
    const lineEnd = chunk.indexOf(0x0a);
    const seen = Buffer.concat([this.header, lineEnd === -1 ? chunk : chunk.subarray(0, lineEnd + 1)]);
    if (lineEnd !== -1) {
      this.header = null;
      checkContactCsvHeader(seen);
    } else {
      this.header = seen.length > HEADER_CHECK_BYTES ? null : seen;
    }
  }

  private async storePart(): Promise<void> {
    const data = Buffer.concat(this.pending, this.pendingBytes);
    const part = this.parts++;
    this.pending = [];
    this.pendingBytes = 0;
    this.begun ??= this.imports.beginUpload(this.importId);
    await this.begun;
    await this.imports.addPart(this.importId, part, data);
  }
}
