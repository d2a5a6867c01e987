import { isUuid } from '@lead-engine/core';
import { decodeKeysetCursor, encodeKeysetCursor, KeysetPosition } from '../../infrastructure/database/keyset-cursor';

/** Where a page of the Jobs list ends: the created_at (as PostgreSQL printed it) and id (a uuid) of its last job. */
export type JobPosition = KeysetPosition;

export const encodeJobsCursor = encodeKeysetCursor;

export function decodeJobsCursor(cursor: string): JobPosition {
  return decodeKeysetCursor(cursor, isUuid);
}
