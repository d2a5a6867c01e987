import { DomainError, isUuid } from '@lead-engine/core';
import { accountOfViewer, ConsoleViewer } from '../identity/console-viewer';

/** Saved searches belong to the account: every user of it (owner or member) sees and changes them all. */
export function savedSearchAccountOf(viewer: ConsoleViewer): string {
  return accountOfViewer(viewer, 'Saved searches belong to an account; this user has none.');
}

/** Another account's search, an unknown or a malformed id: all alike. */
export function savedSearchNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'No such saved search.');
}

export const isSavedSearchId = isUuid;

export function savedSearchNameTaken(): DomainError {
  return new DomainError('SAVED_SEARCH_NAME_TAKEN', 'A saved search with this name already exists; choose another name.');
}
