import { DomainError } from '@lead-engine/core';
import type { Readable } from 'node:stream';
import { ThreadClient } from '../../../infrastructure/threads/thread-client';
import type { ContactCsvBatch } from '../contact-csv-batch';
import type { ContactField } from '../staging-line';

/** Pieces of the file handed to the thread and not yet answered: enough to keep it busy, little memory. */
const PIECES_IN_FLIGHT = 16;

/** What the reader sends the thread: a piece of the file (latin1-decodable bytes), or the end of it. */
export type ContactCsvPiece = { piece: Uint8Array } | { end: true };

/** What the thread answers, one message per piece: the fields of the file once known, then a batch; or why it stopped. */
export type ContactCsvAnswer = { fields: string[] | null; batch: ContactCsvBatch } | { headerError: string } | { error: string };

export interface ContactCsvRead {
  /** Contact columns the file has. */
  fields: ContactField[];
  batch: ContactCsvBatch;
  /** Bytes of the file read so far. */
  bytes: number;
}

/**
 * The batches of a contacts CSV, parsed and checked on a thread of their own (contact-csv.thread, see
 * ContactCsvBatcher) while the caller writes the previous ones: with parsing off the main thread, Node
 * and PostgreSQL both work through a large import. The header is read first; a file whose header is
 * missing or unusable throws an INVALID_CSV DomainError before any batch.
 */
export async function* readContactCsv(source: Readable): AsyncGenerator<ContactCsvRead> {
  const thread = new ThreadClient<ContactCsvPiece, ContactCsvAnswer>('modules/contacts/threads/contact-csv.thread.js', {
    name: 'the CSV reading thread',
    // Parsing makes short-lived strings by the million; a larger young generation collects them cheaply.
    resourceLimits: { maxYoungGenerationSizeMb: 96 },
  });
  let bytes = 0;
  let pending = 0;
  const answered = async (): Promise<ContactCsvRead | null> => {
    const answer = await thread.next();
    pending--;
    if ('headerError' in answer) throw new DomainError('INVALID_CSV', answer.headerError);
    if ('error' in answer) throw new Error(`the CSV reading thread failed: ${answer.error}`);
    if (answer.fields === null) return null;
    return { fields: answer.fields as ContactField[], batch: answer.batch, bytes };
  };
  try {
    for await (const chunk of source) {
      const piece = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      bytes += piece.length;
      // A piece that owns its memory moves to the thread; one that shares it (a pooled buffer) is copied.
      const own = piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength;
      const moved = own ? piece : Buffer.from(piece);
      thread.post({ piece: moved }, [moved.buffer as ArrayBuffer]);
      pending++;
      while (pending >= PIECES_IN_FLIGHT) {
        const read = await answered();
        if (read) yield read;
      }
    }
    thread.post({ end: true });
    pending++;
    while (pending > 0) {
      const read = await answered();
      if (read) yield read;
    }
  } finally {
    source.destroy();
    await thread.close();
  }
}
