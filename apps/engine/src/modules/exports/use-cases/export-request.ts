import { MAX_EXPORT_ROWS } from '@lead-engine/contracts';
import { DomainError, exportRequestText, NormalizedFilters } from '@lead-engine/core';
import { createHash } from 'node:crypto';

/** The rows an export may deliver: the limit asked for, which is required, capped to MAX_EXPORT_ROWS. */
export function deliveryLimitOf(limit: number | undefined): number {
  if (limit === undefined) throw new DomainError('LIMIT_REQUIRED', 'Give limit: how many rows to export, 1 to 50000.');
  return Math.min(limit, MAX_EXPORT_ROWS);
}

/** Equal for a quote and an export asking for the same leads (the same filters, in any order, and limit). */
export function exportRequestDigest(filters: NormalizedFilters, deliveryLimit: number): string {
  return createHash('sha256').update(exportRequestText(filters, deliveryLimit)).digest('hex');
}
