import { API_KEY_PREFIX, isUuid, KEY_LOOKUP_LENGTH } from '@lead-engine/core';
import type { AccountSearchTerms } from './operator-accounts.repository';

/** The shortest start of a key searched for: shorter would match a crowd of keys. */
const KEY_SEARCH_MIN_LENGTH = API_KEY_PREFIX.length + 4;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** What the operator's search text can be: part of a name, an account id, an email, or the start of a key (a whole key too). */
export function accountSearchTerms(q: string | undefined): AccountSearchTerms | null {
  const text = q?.trim() ?? '';
  if (!text) return null;
  return {
    namePattern: `%${escapeLike(text)}%`,
    accountId: isUuid(text) ? text.toLowerCase() : null,
    email: text.includes('@') ? text.toLowerCase() : null,
    keyPrefixPattern:
      text.startsWith(API_KEY_PREFIX) && text.length >= KEY_SEARCH_MIN_LENGTH
        ? `${escapeLike(text.slice(0, API_KEY_PREFIX.length + KEY_LOOKUP_LENGTH))}%`
        : null,
  };
}
