import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { ContactSink } from '../chunk-pipeline';
import type { ContactRejection } from '../contact-csv-batch';
import { ContactCsvRead, readContactCsv } from '../threads/contact-csv-reader';
import { LoadContactsUseCase } from './load-contacts.use-case';

export type { ContactRejection } from '../contact-csv-batch';

/** Rejections listed in the result; `rejected` counts them all. */
export const REJECTIONS_LISTED = 1_000;
const PROGRESS_EVERY_ROWS = 10_000;

export interface ImportProgress {
  rows: number;
  bytesRead: number;
  totalBytes: number | null;
  /** Rows of the chunks written so far whose id was new, and whose id existed. */
  imported: number;
  updated: number;
  rejected: number;
  urlsDropped: number;
  /** The rejections listed so far (REJECTIONS_LISTED at most), in file order. */
  rejections: readonly ContactRejection[];
}

export interface ImportContactsCommand {
  source: Readable;
  /** Size of the source, for progress. */
  totalBytes?: number;
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportContactsResult {
  imported: number;
  updated: number;
  rejected: number;
  rejections: ContactRejection[];
  /** URLs (linkedin_url, company_linkedin) of imported rows left out for not being http or https; the rows are imported. */
  urlsDropped: number;
}

/**
 * Imports a contacts CSV (contract §6): rows that break the format are rejected with their line number
 * and reason, every other row is upserted by id (a row without an id gets a new one), without any URL
 * that is not http or https (counted in urlsDropped). The file is parsed
 * and checked on a worker thread while this one writes the rows already checked.
 */
@Injectable()
export class ImportContactsUseCase {
  constructor(private readonly load: LoadContactsUseCase) {}

  async execute(command: ImportContactsCommand): Promise<ImportContactsResult> {
    const reads = readContactCsv(command.source);
    try {
      const first = await reads.next();
      if (first.done) throw new Error('the CSV reader ended without reading a header');
      const result: ImportContactsResult = { imported: 0, updated: 0, rejected: 0, rejections: [], urlsDropped: 0 };
      let rows = 0;
      let reported = 0;
      const produce = async (sink: ContactSink) => {
        const progress = (bytesRead: number) => {
          reported = rows;
          command.onProgress?.({
            rows,
            bytesRead,
            totalBytes: command.totalBytes ?? null,
            imported: sink.outcome.inserted,
            updated: sink.outcome.updated,
            rejected: result.rejected,
            urlsDropped: result.urlsDropped,
            rejections: result.rejections,
          });
        };
        let read: ContactCsvRead = first.value;
        for (;;) {
          const { batch } = read;
          rows += batch.records;
          result.rejected += batch.rejections.length;
          result.urlsDropped += batch.urlsDropped;
          for (const rejection of batch.rejections) {
            if (result.rejections.length === REJECTIONS_LISTED) break;
            result.rejections.push(rejection);
          }
          if (sink.addBatch(batch)) await sink.flush();
          if (rows - reported >= PROGRESS_EVERY_ROWS) progress(read.bytes);
          const next = await reads.next();
          if (next.done) break;
          read = next.value;
        }
        progress(read.bytes);
      };
      const loaded = await this.load.execute({ fields: first.value.fields, produce });
      result.imported = loaded.inserted;
      result.updated = loaded.updated;
      return result;
    } finally {
      // Stops the worker and closes the source when reading stopped early.
      await reads.return(undefined);
    }
  }
}
