import { DomainError } from '@lead-engine/core';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ContactCsvBatch } from './contact-csv-batch';
import type { ContactCsvWorkerInput, ContactCsvWorkerOutput } from './contact-csv.worker';
import type { ContactField } from './staging-line';

/** Pieces of the file handed to the worker and not yet answered: enough to keep it busy, little memory. */
const PIECES_IN_FLIGHT = 16;

export interface ContactCsvRead {
  /** Contact columns the file has. */
  fields: ContactField[];
  batch: ContactCsvBatch;
  /** Bytes of the file read so far. */
  bytes: number;
}

/**
 * The batches of a contacts CSV, parsed and checked on a worker thread (see ContactCsvBatcher) while the
 * caller writes the previous ones: with parsing off the main thread, Node and PostgreSQL both work
 * through a large import. The header is read first; a file whose header is missing or unusable throws
 * an INVALID_CSV DomainError before any batch.
 */
export async function* readContactCsv(source: Readable): AsyncGenerator<ContactCsvRead> {
  const worker = new Worker(path.join(__dirname, 'contact-csv.worker.js'), {
    // Parsing makes short-lived strings by the million; a larger young generation collects them cheaply.
    resourceLimits: { maxYoungGenerationSizeMb: 96 },
  });
  const answers: ContactCsvWorkerOutput[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  const signal = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (output: ContactCsvWorkerOutput) => {
    answers.push(output);
    signal();
  });
  worker.on('error', (error) => {
    failure = error;
    signal();
  });
  worker.on('exit', () => {
    failure ??= new Error('the CSV worker stopped');
    signal();
  });
  const next = async (): Promise<ContactCsvWorkerOutput> => {
    while (answers.length === 0) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    return answers.shift() as ContactCsvWorkerOutput;
  };
  const send = (input: ContactCsvWorkerInput, transfer: ArrayBuffer[] = []) => worker.postMessage(input, transfer);

  let bytes = 0;
  let pending = 0;
  const answered = async (): Promise<ContactCsvRead | null> => {
    const output = await next();
    pending--;
    if ('headerError' in output) throw new DomainError('INVALID_CSV', output.headerError);
    if ('error' in output) throw new Error(`the CSV worker failed: ${output.error}`);
    if (output.fields === null) return null;
    return { fields: output.fields as ContactField[], batch: output.batch, bytes };
  };
  try {
    for await (const chunk of source) {
      const piece = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      bytes += piece.length;
      // A piece that owns its memory moves to the worker; one that shares it (a pooled buffer) is copied.
      const own = piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength;
      const moved = own ? piece : Buffer.from(piece);
      send({ piece: moved }, [moved.buffer as ArrayBuffer]);
      pending++;
      while (pending >= PIECES_IN_FLIGHT) {
        const read = await answered();
        if (read) yield read;
      }
    }
    send({ end: true });
    pending++;
    while (pending > 0) {
      const read = await answered();
      if (read) yield read;
    }
  } finally {
    source.destroy();
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
