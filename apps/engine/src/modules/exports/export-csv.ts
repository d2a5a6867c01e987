import { EXPORT_CSV_COLUMNS } from '@lead-engine/contracts';
import { FORMULA_START_CHARACTERS, NUMBER_LIKE_PATTERN } from '@lead-engine/core';
import { stringify } from 'csv-stringify/sync';

/** The header record of the export CSV (RFC 4180: CRLF, quotes only where needed). */
export const EXPORT_CSV_HEADER: Buffer = Buffer.from(stringify([[...EXPORT_CSV_COLUMNS]], { record_delimiter: 'windows' }), 'utf8');

/** The 15 columns of the export CSV, in order, as SQL over `contacts c JOIN companies co`. */
const EXPORT_CSV_SOURCES = [
  'c.first_name',
  'c.last_name',
  'c.email',
  'c.phone',
  'co.name',
  'co.domain',
  'c.job_title',
  'c.seniority',
  'c.department',
  'co.industry',
  'coalesce(c.country, c.country_code)',
  'c.state',
  'c.city',
  'co.size_bucket',
  'c.linkedin_url',
];

/** A SQL string literal of any text, whatever `standard_conforming_strings` says. */
function sqlText(value: string): string {
  const quoted = `'${value.replaceAll("'", "''")}'`;
  return value.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

/** `neutralizeFormula` (libs/core) as a SQL expression over `value`. */
export function neutralizeFormulaSql(value: string): string {
  const starts = FORMULA_START_CHARACTERS.map(sqlText).join(', ');
  return `CASE WHEN left(${value}, 1) IN (${starts}) AND ${value} !~ ${sqlText(NUMBER_LIKE_PATTERN)} THEN '''' || ${value} ELSE ${value} END`;
}

/**
 * The select list whose `COPY … TO STDOUT (FORMAT csv)` is an export CSV but for its LF record ends
 * (CsvLineEnds makes them CRLF). PostgreSQL quotes a field holding a comma, a quote, CR or LF, as RFC
 * 4180 wants; it writes an empty string as `""`, so empty cells are sent as NULL, written as nothing.
 */
export const EXPORT_CSV_SELECT_LIST = EXPORT_CSV_SOURCES.map((source) => `nullif(${neutralizeFormulaSql(source)}, '')`).join(',\n  ');
