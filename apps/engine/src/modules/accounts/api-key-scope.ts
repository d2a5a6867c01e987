import { DomainError, isUuid } from '@lead-engine/core';
import { accountOfViewer, ConsoleViewer } from '../identity/console-viewer';
import type { ApiKeyScope } from './accounts.repository';

export type ApiKeyViewer = ConsoleViewer;

/** Owners see every key of their account, members the keys they created; a user without an account none (403). */
export function apiKeyScopeOf(viewer: ApiKeyViewer): ApiKeyScope {
  const accountId = accountOfViewer(viewer, 'API keys belong to an account; this user has none.');
  return { accountId, createdByUserId: viewer.role === 'owner' ? null : viewer.userId };
}

/** Another account's key, a key out of the member's reach, a revoked, unknown or malformed id: all alike. */
export function apiKeyNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'No such API key.');
}

export const isKeyId = isUuid;
