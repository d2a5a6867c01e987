import { DomainError } from '@lead-engine/core';

/**
 * Where a page read newest first by (created_at, id) ends: the exact created_at of its last row as
 * PostgreSQL printed it (so no precision is lost to a JavaScript Date) and its id.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** An opaque cursor for the next page: base64url of the position. */
export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names; a cursor this engine did not give out (or whose id `isId` refuses) is a VALIDATION_ERROR. */
export function decodeKeysetCursor(cursor: string, isId: (id: string) => boolean): KeysetPosition {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && isId(id) && !Number.isNaN(Date.parse(at))) return { at, id };
  } catch {
    // answered below
  }
  throw new DomainError('VALIDATION_ERROR', 'cursor: not a cursor this engine gave out', {
    details: [{ path: 'cursor', message: 'Invalid cursor' }],
  });
}
