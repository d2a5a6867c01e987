import { parentPort } from 'node:worker_threads';
import { ContactCsvBatcher, ContactCsvHeaderError } from '../contact-csv-batch';
import type { ContactCsvAnswer, ContactCsvPiece } from './contact-csv-reader';

/** Thread entry: each piece of the file parsed into the batch it completes, its typed arrays moved back rather than copied. */
const port = parentPort;
if (port) {
  const batcher = new ContactCsvBatcher();
  port.on('message', (input: ContactCsvPiece) => {
    try {
      const batch =
        'piece' in input
          ? batcher.push(Buffer.from(input.piece.buffer, input.piece.byteOffset, input.piece.byteLength).toString('latin1'))
          : batcher.end();
      const output: ContactCsvAnswer = { fields: batcher.fields, batch };
      const moved = [batch.lines, batch.ends, batch.halves, batch.companyIndexes].map((view) => view.buffer as ArrayBuffer);
      port.postMessage(output, moved);
    } catch (error) {
      const output: ContactCsvAnswer =
        error instanceof ContactCsvHeaderError || (error as { code?: string }).code === 'INVALID_CSV'
          ? { headerError: (error as Error).message }
          : { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      port.postMessage(output);
    }
  });
}
