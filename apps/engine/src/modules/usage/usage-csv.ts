import { USAGE_CSV_COLUMNS, UsageEntry } from '@lead-engine/contracts';
import { neutralizeFormula } from '@lead-engine/core';
import { stringify } from 'csv-stringify/sync';

// csv-stringify quotes a field holding the whole CRLF delimiter but not a lone CR or LF.
const RFC_4180 = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

export function usageCsvHeader(): Buffer {
  return Buffer.from(stringify([[...USAGE_CSV_COLUMNS]], RFC_4180), 'utf8');
}

/** Ledger entries as CSV records; a cell a spreadsheet would run as a formula is neutralized, as in exports. */
export function usageCsvRows(entries: readonly UsageEntry[]): Buffer {
  const records = entries.map((entry) =>
    [
      entry.id,
      entry.created_at,
      entry.movement,
      entry.kind,
      String(entry.amount),
      String(entry.change),
      entry.description,
      entry.reference ?? '',
      entry.key?.name ?? '',
      entry.key?.prefix ?? '',
      entry.user?.name ?? '',
    ].map(neutralizeFormula),
  );
  return Buffer.from(stringify(records, RFC_4180), 'utf8');
}
