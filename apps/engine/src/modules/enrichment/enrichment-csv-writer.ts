import type { EnrichmentFieldId } from '@lead-engine/contracts';
import { neutralizeFormula } from '@lead-engine/core';
import { stringify } from 'csv-stringify/sync';
import type { ResultRow } from './enrichment-jobs.repository';

export const WEBSITE_READ_COLUMN = 'Website Read';

// csv-stringify quotes a field holding the whole CRLF delimiter but not a lone CR or LF, which every
// reader would take for the end of the record.
const RFC_4180 = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** Contract §5: the input's columns in order, one column per requested field id, then Website Read. */
export function enrichmentCsvHeader(headers: readonly string[], fields: readonly EnrichmentFieldId[]): Buffer {
  return Buffer.from(stringify([[...headers, ...fields, WEBSITE_READ_COLUMN].map(neutralizeFormula)], RFC_4180), 'utf8');
}

/** Rows of the result CSV (RFC 4180, CRLF); every cell a spreadsheet would run as a formula is neutralized. */
export function enrichmentCsvRows(rows: readonly ResultRow[], fields: readonly EnrichmentFieldId[]): Buffer {
  const records = rows.map((row) =>
    [...row.cells, ...fields.map((field) => row.output[field] ?? ''), row.websiteRead ? 'yes' : 'no'].map(neutralizeFormula),
  );
  return Buffer.from(stringify(records, RFC_4180), 'utf8');
}
