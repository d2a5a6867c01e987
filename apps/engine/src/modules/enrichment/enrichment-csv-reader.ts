import { ENRICHMENT_MAX_ROWS } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { CsvError, Parser } from 'csv-parse';
import { finished } from 'node:stream/promises';

export interface EnrichmentCsv {
  headers: string[];
  /** Data rows, each padded to the header's width. Lines with no value at all are left out. */
  rows: string[][];
}

/** What an upload read: the CSV, or why it is not one (told where the use-case checks the file). */
export type EnrichmentCsvUpload = { state: 'read'; csv: EnrichmentCsv } | { state: 'invalid'; error: DomainError };

export const ENRICHMENT_MAX_COLUMNS = 1_000;
export const ENRICHMENT_MAX_ROW_BYTES = 1024 * 1024;

const invalid = (message: string) => new DomainError('INVALID_CSV', message);

/**
 * Reads the uploaded CSV as it arrives (RFC 4180, UTF-8 with or without BOM, a header row, 1 to 10,000
 * data rows): every chunk is parsed when written, so memory holds the rows read and one row in progress,
 * never the file. A limit passed (rows, columns, one row's size) throws from `write` at once, so the
 * upload ends there; a file that is not a CSV is only noted, reading stops, and `end` says so.
 */
export class EnrichmentCsvReader {
  private readonly parser: Parser;
  private headers: string[] | null = null;
  private readonly rows: string[][] = [];
  private bytes = 0;
  private limit: DomainError | null = null;
  private error: DomainError | null = null;

  constructor() {
    this.parser = new Parser({
      bom: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count_less: true,
      max_record_size: ENRICHMENT_MAX_ROW_BYTES,
      // Called for every field as it ends, so a line of a million commas stops at the 1,001st.
      cast: (value, context) => {
        if (context.index >= ENRICHMENT_MAX_COLUMNS) {
          throw this.stop(`A row holds at most ${ENRICHMENT_MAX_COLUMNS} columns; line ${context.lines} has more.`);
        }
        return value;
      },
      on_record: (record: string[]) => {
        this.take(record);
        return undefined;
      },
    });
    this.parser.on('error', () => undefined); // read from `errored`
    this.parser.resume();
  }

  /** Parses the next chunk of the file; throws a 413 DomainError when the file passes a limit. */
  write(chunk: Buffer): void {
    if (this.limit) throw this.limit;
    this.bytes += chunk.length;
    if (this.error) return;
    if (chunk.includes(0)) {
      this.error = invalid('The file is not text: it contains NUL bytes.');
      return;
    }
    this.parser.write(chunk);
    this.checkParser();
  }

  /** The file read whole: its CSV, or the reason it is not one. */
  async end(): Promise<EnrichmentCsvUpload> {
    if (this.limit) throw this.limit;
    if (!this.error && this.bytes === 0) this.error = invalid('The file is empty.');
    if (!this.error) {
      this.parser.end();
      try {
        await finished(this.parser);
      } catch {
        this.checkParser();
      }
    }
    if (!this.error && (!this.headers || this.headers.every((header) => header.trim() === ''))) {
      this.error = invalid('The file has no header row.');
    }
    if (!this.error && this.rows.length === 0) this.error = invalid('The file has a header row but no data rows.');
    if (this.error) return { state: 'invalid', error: this.error };
    const headers = this.headers!;
    const width = headers.length;
    const rows = this.rows.map((row) => (row.length < width ? [...row, ...Array<string>(width - row.length).fill('')] : row));
    return { state: 'read', csv: { headers, rows } };
  }

  private take(record: string[]): void {
    if (!this.headers) {
      this.headers = record;
      return;
    }
    if (this.rows.length === ENRICHMENT_MAX_ROWS) {
      throw this.stop(`A file holds at most ${ENRICHMENT_MAX_ROWS} data rows; this one has ${ENRICHMENT_MAX_ROWS + 1} or more.`);
    }
    this.rows.push(record);
  }

  private stop(message: string): DomainError {
    this.limit = new DomainError('PAYLOAD_TOO_LARGE', message);
    return this.limit;
  }

  private checkParser(): void {
    const failure = this.parser.errored;
    if (!failure) return;
    if (this.limit) throw this.limit;
    if (failure instanceof CsvError && failure.code === 'CSV_MAX_RECORD_SIZE') {
      throw this.stop(`A row holds at most ${ENRICHMENT_MAX_ROW_BYTES / (1024 * 1024)} MB; line ${this.parser.info.lines} is longer.`);
    }
    if (failure instanceof CsvError) {
      this.error = invalid(`The file is not a valid CSV: ${failure.message}`);
      return;
    }
    throw failure;
  }
}

/** A whole file through the reader, a chunk at a time: the CSV, or the error its upload would answer. */
export async function readEnrichmentCsv(data: Buffer, chunkBytes = 64 * 1024): Promise<EnrichmentCsv> {
  const reader = new EnrichmentCsvReader();
  for (let start = 0; start < data.length; start += chunkBytes) reader.write(data.subarray(start, start + chunkBytes));
  const upload = await reader.end();
  if (upload.state === 'invalid') throw upload.error;
  return upload.csv;
}
