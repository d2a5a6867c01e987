import { DomainError, isUuid } from '@lead-engine/core';

/** A malformed id is BAD_ID and never reaches PostgreSQL; a well-formed one in its canonical (lower case) form. */
export function requireWebhookId(id: string): string {
  if (!isUuid(id)) throw new DomainError('BAD_ID', `${id.slice(0, 100)} is not a webhook endpoint id (a uuid).`);
  return id.toLowerCase();
}

/** An unknown id and another account's endpoint answer alike. */
export const webhookNotFound = (id: string) => new DomainError('NOT_FOUND', `No webhook endpoint ${id} on this account.`);
