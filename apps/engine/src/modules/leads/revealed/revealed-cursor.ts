import { decodeKeysetCursor, encodeKeysetCursor } from '../../../infrastructure/database/keyset-cursor';
import type { RevealedPosition } from './revealed-leads.repository';

const isSeq = (seq: string) => /^\d{1,19}$/.test(seq);

export function encodeRevealedCursor(position: RevealedPosition): string {
  return encodeKeysetCursor({ at: position.at, id: position.seq });
}

export function decodeRevealedCursor(cursor: string): RevealedPosition {
  const { at, id } = decodeKeysetCursor(cursor, isSeq);
  return { at, seq: id };
}
