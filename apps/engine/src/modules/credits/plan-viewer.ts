import { DomainError } from '@lead-engine/core';

/** A signed-in console user, as far as the Plan page cares. */
export interface PlanViewer {
  userId: string;
  accountId: string | null;
  role: 'owner' | 'member' | null;
}

/** The account whose plan the user sees; a user without an account (an operator only) has none: 403. */
export function planAccountOf(viewer: PlanViewer): string {
  if (!viewer.accountId) throw new DomainError('FORBIDDEN', 'Plans belong to an account; this user has none.');
  return viewer.accountId;
}

/** Only an account's owner starts its trial. */
export function trialStarterAccountOf(viewer: PlanViewer): string {
  const accountId = planAccountOf(viewer);
  if (viewer.role !== 'owner') throw new DomainError('FORBIDDEN', "Only the account's owner can start the trial.");
  return accountId;
}
