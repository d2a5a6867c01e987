import { DomainError, isUuid } from '@lead-engine/core';

/** A signed-in console user, as far as the team page cares. */
export interface TeamViewer {
  userId: string;
  accountId: string | null;
  role: 'owner' | 'member' | null;
}

/** The team page is the owners': the viewer's account, or 403 FORBIDDEN for a member or a user without an account. */
export function teamAccountOf(viewer: TeamViewer): string {
  if (!viewer.accountId || viewer.role !== 'owner') throw new DomainError('FORBIDDEN', 'Only owners of the account manage its team.');
  return viewer.accountId;
}

/** Another account's user, an unknown or a malformed id: all alike. */
export function teamMemberNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'No such user.');
}

export function lastOwner(): DomainError {
  return new DomainError('LAST_OWNER', 'The account must keep at least one owner: make someone else an owner first.');
}

export const isUserId = isUuid;
