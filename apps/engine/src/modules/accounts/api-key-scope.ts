import { DomainError, isUuid } from '@lead-engine/core';
import type { ApiKeyScope } from './accounts.repository';

/** A signed-in console user, as far as API keys care. */
export interface ApiKeyViewer {
  userId: string;
  accountId: string | null;
  role: 'owner' | 'member' | null;
}

/** Owners see every key of their account, members the keys they created; a user without an account none (403). */
export function apiKeyScopeOf(viewer: ApiKeyViewer): ApiKeyScope {
  if (!viewer.accountId) throw new DomainError('FORBIDDEN', 'API keys belong to an account; this user has none.');
  return { accountId: viewer.accountId, createdByUserId: viewer.role === 'owner' ? null : viewer.userId };
}

/** Another account's key, a key out of the member's reach, a revoked, unknown or malformed id: all alike. */
export function apiKeyNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'No such API key.');
}

export const isKeyId = isUuid;
