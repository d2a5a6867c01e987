import { DomainError } from '../errors/domain-error';
import { CONTACT_CSV_COLUMNS, CONTACT_CSV_REQUIRED_COLUMNS, type ContactCsvColumn } from './contact-csv-columns';

/** Where each known column sits in a record; -1 when the file does not have it. */
export interface ContactCsvHeader {
  readonly index: Readonly<Record<ContactCsvColumn, number>>;
  /** Fields per record, as the header row has them. */
  readonly width: number;
  has(column: ContactCsvColumn): boolean;
}

/**
 * Maps a header row to column positions. Names are matched trimmed and case-insensitively; columns the
 * format does not know are ignored. A missing required column or a repeated one refuses the whole file.
 */
export function mapContactCsvHeader(names: readonly string[]): ContactCsvHeader {
  const index = Object.fromEntries(CONTACT_CSV_COLUMNS.map((column) => [column, -1])) as Record<ContactCsvColumn, number>;
  const repeated = new Set<string>();
  names.forEach((raw, position) => {
    const name = raw.trim().toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(index, name)) return;
    const column = name as ContactCsvColumn;
    if (index[column] !== -1) repeated.add(column);
    else index[column] = position;
  });
  const missing = CONTACT_CSV_REQUIRED_COLUMNS.filter((column) => index[column] === -1);
  if (missing.length > 0) {
    throw new DomainError(
      'INVALID_CSV',
      `The header row is missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} ` +
        `(required: ${CONTACT_CSV_REQUIRED_COLUMNS.join(', ')}).`,
    );
  }
  if (repeated.size > 0) {
    throw new DomainError('INVALID_CSV', `The header row names ${[...repeated].join(', ')} more than once.`);
  }
  return { index, width: names.length, has: (column) => index[column] !== -1 };
}
