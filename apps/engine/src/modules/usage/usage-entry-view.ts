import type { UsageEntry, UsageJob } from '@lead-engine/contracts';
import { describeLedgerEntry, ledgerChange } from '@lead-engine/core';
import type { LedgerRow } from './usage-ledger.repository';

function jobOf(row: LedgerRow): UsageJob | null {
  if (row.purpose !== 'export' && row.purpose !== 'scrape' && row.purpose !== 'enrichment') return null;
  const id = row.reference?.split(':')[1];
  return id ? { type: row.purpose, id } : null;
}

export function toUsageEntry(row: LedgerRow): UsageEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    movement: row.movement,
    kind: row.purpose,
    amount: row.amount,
    change: ledgerChange(row.movement, row.amount),
    description: describeLedgerEntry(row),
    reference: row.reference,
    job: jobOf(row),
    key: row.key,
    user: row.user,
  };
}
