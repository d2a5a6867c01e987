import { DomainError } from '@lead-engine/core';

/** Where a page of the ledger ends: the exact created_at (as PostgreSQL printed it) and id of its last row. */
export interface LedgerPosition {
  at: string;
  id: string;
}

export function encodeUsageCursor(position: LedgerPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id]), 'utf8').toString('base64url');
}

export function decodeUsageCursor(cursor: string): LedgerPosition {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && /^\d{1,19}$/.test(id) && !Number.isNaN(Date.parse(at))) return { at, id };
  } catch {
    // answered below
  }
  throw new DomainError('VALIDATION_ERROR', 'cursor: not a cursor this engine gave out', {
    details: [{ path: 'cursor', message: 'Invalid cursor' }],
  });
}
