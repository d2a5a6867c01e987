import { parentPort } from 'node:worker_threads';
import { ContactCsvBatch, ContactCsvBatcher, ContactCsvHeaderError } from './contact-csv-batch';

/** What the main thread sends: a piece of the file (latin1-decodable bytes), or the end of it. */
export type ContactCsvWorkerInput = { piece: Uint8Array } | { end: true };

/** What the worker answers, one message per input: the fields of the file once known, then a batch; or why it stopped. */
export type ContactCsvWorkerOutput = { fields: string[] | null; batch: ContactCsvBatch } | { headerError: string } | { error: string };

const port = parentPort;
if (port) {
  const batcher = new ContactCsvBatcher();
  port.on('message', (input: ContactCsvWorkerInput) => {
    try {
      const batch =
        'piece' in input
          ? batcher.push(Buffer.from(input.piece.buffer, input.piece.byteOffset, input.piece.byteLength).toString('latin1'))
          : batcher.end();
      const output: ContactCsvWorkerOutput = { fields: batcher.fields, batch };
      const moved = [batch.lines, batch.ends, batch.halves, batch.companyIndexes].map((view) => view.buffer as ArrayBuffer);
      port.postMessage(output, moved);
    } catch (error) {
      const output: ContactCsvWorkerOutput =
        error instanceof ContactCsvHeaderError || (error as { code?: string }).code === 'INVALID_CSV'
          ? { headerError: (error as Error).message }
          : { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      port.postMessage(output);
    }
  });
}
