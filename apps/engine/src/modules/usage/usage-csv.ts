import { USAGE_CSV_COLUMNS, UsageEntry } from '@lead-engine/contracts';
import { csvRecords, neutralizeFormula } from '@lead-engine/core';

export function usageCsvHeader(): Buffer {
  return Buffer.from(csvRecords([USAGE_CSV_COLUMNS]), 'utf8');
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
  return Buffer.from(csvRecords(records), 'utf8');
}
