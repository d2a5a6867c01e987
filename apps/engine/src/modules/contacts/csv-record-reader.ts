import { InfoRecord, Options, parse } from 'csv-parse';
import type { Readable } from 'node:stream';

export interface CsvRecord {
  /** File line the record starts on; the header is line 1. */
  line: number;
  fields: string[];
  /** Bytes of the file read up to the end of this record. */
  bytes: number;
}

export interface CsvFault {
  line: number;
  /** The csv-parse error code, e.g. CSV_RECORD_INCONSISTENT_FIELDS_LENGTH. */
  code: string;
  /** Fields of the record when csv-parse could still split it (a wrong field count). */
  fields?: string[];
  /** No record has been read yet: the header row itself is unreadable. */
  beforeFirstRecord: boolean;
}

const LINE_BREAKS = /\r\n|\r|\n/g;

function breaksIn(fields: readonly string[]): { lines: number; crlf: number } {
  let lines = 0;
  let crlf = 0;
  for (const field of fields) {
    if (field.indexOf('\n') === -1 && field.indexOf('\r') === -1) continue;
    for (const match of field.matchAll(LINE_BREAKS)) {
      lines++;
      if (match[0].length === 2) crlf++;
    }
  }
  return { lines, crlf };
}

/**
 * The RFC 4180 records of a CSV stream (UTF-8, optional BOM, blank lines skipped), each with the line it
 * starts on. A record csv-parse cannot read is skipped and reported to `onFault`; reading goes on.
 *
 * Lines come from csv-parse's own line count, read as each record is parsed (`on_record` receives the
 * same info `info: true` would attach, without a second copy per record). csv-parse gives the line a
 * record ends on and counts the CR and the LF of a CRLF inside a quoted field as two lines; both are
 * corrected here, in parse order, so lines match what an editor shows.
 */
export async function* readCsvRecords(source: Readable, onFault: (fault: CsvFault) => void): AsyncGenerator<CsvRecord> {
  let overcount = 0;
  let previousEnd = 0;
  let previousEmpty = 0;
  const options: Options<CsvRecord, string[]> = {
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_record: (fields: string[], info: InfoRecord): CsvRecord => {
      let line = info.lines - overcount;
      // A record that moved the line count by more than one line (blank lines aside) spans lines.
      if (info.lines - previousEnd - (info.empty_lines - previousEmpty) !== 1) {
        const breaks = breaksIn(fields);
        overcount += breaks.crlf;
        line = info.lines - overcount - breaks.lines;
      }
      previousEnd = info.lines;
      previousEmpty = info.empty_lines;
      return { line, fields, bytes: info.bytes };
    },
    on_skip: (error) => {
      if (!error) return;
      const record = Array.isArray(error.record) ? (error.record as string[]) : undefined;
      const breaks = record ? breaksIn(record) : { lines: 0, crlf: 0 };
      overcount += breaks.crlf;
      onFault({
        line: Number(error.lines) - overcount - breaks.lines,
        code: error.code,
        fields: record,
        beforeFirstRecord: error.records === 0,
      });
    },
  };
  // The typings only admit on_record returning what it receives.
  const parser = parse(options as unknown as Options);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  yield* parser as AsyncIterable<CsvRecord>;
}
