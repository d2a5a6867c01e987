import { decodeKeysetCursor, encodeKeysetCursor, KeysetPosition } from '../../infrastructure/database/keyset-cursor';

/** Where a page of the ledger ends: the exact created_at (as PostgreSQL printed it) and id (a bigint) of its last row. */
export type LedgerPosition = KeysetPosition;

const isLedgerId = (id: string) => /^\d{1,19}$/.test(id);

export const encodeUsageCursor = encodeKeysetCursor;

export function decodeUsageCursor(cursor: string): LedgerPosition {
  return decodeKeysetCursor(cursor, isLedgerId);
}
