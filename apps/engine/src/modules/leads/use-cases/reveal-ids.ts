import { MAX_REVEAL_IDS } from '@lead-engine/contracts';
import { DomainError, isUuid } from '@lead-engine/core';
import { createHash } from 'node:crypto';

/** A reveal's lead ids checked, trimmed, lower-cased and without duplicates, in the request's order. */
export function revealIdsOf(requested: string[] | undefined): string[] {
  const given = requested ?? [];
  if (given.length === 0) throw new DomainError('LEAD_IDS_REQUIRED', 'Give leadIds: the ids of leads from browse.');
  const malformed = given.find((id) => !isUuid(id.trim()));
  if (malformed !== undefined) throw new DomainError('BAD_ID', `"${malformed}" is not a lead id; nothing was revealed.`);
  const ids = [...new Set(given.map((id) => id.trim().toLowerCase()))];
  if (ids.length > MAX_REVEAL_IDS) {
    throw new DomainError('TOO_MANY_LEADS', `At most ${MAX_REVEAL_IDS} leads per reveal; this request has ${ids.length}.`);
  }
  return ids;
}

/** The same set of ids, in any order, gives the same digest. */
export function revealIdsDigest(ids: string[]): string {
  return createHash('sha256')
    .update([...ids].sort().join(','))
    .digest('hex');
}
