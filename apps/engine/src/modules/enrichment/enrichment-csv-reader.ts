import { ENRICHMENT_MAX_ROWS } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { CsvError, parse } from 'csv-parse/sync';

export interface EnrichmentCsv {
  headers: string[];
  /** Data rows, each padded to the header's width. Lines with no value at all are left out. */
  rows: string[][];
}

/** The uploaded CSV: RFC 4180, UTF-8 with or without BOM, a header row, 1 to 10,000 data rows. */
export function readEnrichmentCsv(data: Buffer): EnrichmentCsv {
  if (data.length === 0) throw new DomainError('INVALID_CSV', 'The file is empty.');
  if (data.includes(0)) throw new DomainError('INVALID_CSV', 'The file is not text: it contains NUL bytes.');
  let records: string[][];
  try {
    records = parse(data, {
      bom: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count_less: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw new DomainError('INVALID_CSV', `The file is not a valid CSV: ${error.message}`);
    throw error;
  }
  const [headers, ...rows] = records;
  if (!headers || headers.every((header) => header.trim() === '')) throw new DomainError('INVALID_CSV', 'The file has no header row.');
  if (rows.length === 0) throw new DomainError('INVALID_CSV', 'The file has a header row but no data rows.');
  if (rows.length > ENRICHMENT_MAX_ROWS) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `A file holds at most ${ENRICHMENT_MAX_ROWS} data rows; this one has ${rows.length}.`);
  }
  const width = headers.length;
  return { headers, rows: rows.map((row) => (row.length < width ? [...row, ...Array<string>(width - row.length).fill('')] : row)) };
}
