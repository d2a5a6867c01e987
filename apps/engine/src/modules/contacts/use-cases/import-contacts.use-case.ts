import { Injectable } from '@nestjs/common';
import { ContactCsvHeader, DomainError, mapContactCsvHeader, normalizeContactRow, wrongColumnCountReason } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ContactBulkLoader } from '../contact-bulk-loader';
import { CONTACT_FIELDS } from '../contacts.repository';
import { CsvFault, CsvRecord, readCsvRecords } from '../csv-record-reader';

/** Rejections listed in the result; `rejected` counts them all. */
export const REJECTIONS_LISTED = 1_000;
const PROGRESS_EVERY_ROWS = 10_000;

export interface ImportProgress {
  rows: number;
  bytesRead: number;
  totalBytes: number | null;
}

export interface ImportContactsCommand {
  source: Readable;
  /** Size of the source, for progress. */
  totalBytes?: number;
  onProgress?: (progress: ImportProgress) => void;
}

export interface ContactRejection {
  line: number;
  reason: string;
}

export interface ImportContactsResult {
  imported: number;
  updated: number;
  rejected: number;
  rejections: ContactRejection[];
}

const FAULT_REASONS: Record<string, string> = {
  INVALID_OPENING_QUOTE: 'malformed CSV: a quote inside an unquoted field',
  CSV_INVALID_CLOSING_QUOTE: 'malformed CSV: text after the closing quote of a field',
  CSV_QUOTE_NOT_CLOSED: 'malformed CSV: a quoted field is never closed',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'malformed CSV: text after the closing quote of a field',
};

function faultReason(fault: CsvFault, header: ContactCsvHeader): string {
  if (fault.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && fault.fields)
    return wrongColumnCountReason(header.width, fault.fields.length);
  return FAULT_REASONS[fault.code] ?? `malformed CSV (${fault.code})`;
}

/**
 * Imports a contacts CSV (contract §6): rows that break the format are rejected with their line number
 * and reason, every other row is upserted by id (a row without an id gets a new one).
 */
@Injectable()
export class ImportContactsUseCase {
  constructor(private readonly loader: ContactBulkLoader) {}

  async execute(command: ImportContactsCommand): Promise<ImportContactsResult> {
    const faults: CsvFault[] = [];
    const records = readCsvRecords(command.source, (fault) => {
      if (fault.beforeFirstRecord)
        throw new DomainError('INVALID_CSV', `The header row cannot be read: ${FAULT_REASONS[fault.code] ?? fault.code}.`);
      faults.push(fault);
    });
    try {
      const first = await records.next();
      if (first.done) throw new DomainError('INVALID_CSV', 'The file is empty: a contacts CSV starts with a header row.');
      const header = mapContactCsvHeader(first.value.fields);

      const result: ImportContactsResult = { imported: 0, updated: 0, rejected: 0, rejections: [] };
      const reject = (line: number, reason: string) => {
        result.rejected++;
        if (result.rejections.length < REJECTIONS_LISTED) result.rejections.push({ line, reason });
      };
      const rejectFaultsBefore = (line: number) => {
        while (faults.length > 0 && faults[0].line < line) {
          const fault = faults.shift() as CsvFault;
          reject(fault.line, faultReason(fault, header));
        }
      };
      let rows = 0;
      const progress = (record: CsvRecord) =>
        command.onProgress?.({ rows, bytesRead: record.bytes, totalBytes: command.totalBytes ?? null });

      const loaded = await this.loader.load(
        CONTACT_FIELDS.filter((field) => header.has(field)),
        async (sink) => {
          let last = first.value;
          for await (const record of records) {
            rejectFaultsBefore(record.line);
            rows++;
            const checked = normalizeContactRow(record.fields, header, randomUUID);
            if (!checked.ok) reject(record.line, checked.reason);
            else if (sink.add(checked.row)) await sink.flush();
            if (rows % PROGRESS_EVERY_ROWS === 0) progress(record);
            last = record;
          }
          rejectFaultsBefore(Infinity);
          progress(last);
        },
      );
      result.imported = loaded.inserted;
      result.updated = loaded.updated;
      return result;
    } finally {
      // Closes the parser and the source when reading stopped early.
      await records.return(undefined);
    }
  }
}
