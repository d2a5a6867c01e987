import { DomainError } from '@lead-engine/core';
import { accountOfViewer, ConsoleViewer } from '../identity/console-viewer';

export type PlanViewer = ConsoleViewer;

/** The account whose plan the user sees; a user without an account (an operator only) has none: 403. */
export function planAccountOf(viewer: PlanViewer): string {
  return accountOfViewer(viewer, 'Plans belong to an account; this user has none.');
}

/** Only an account's owner starts its trial. */
export function trialStarterAccountOf(viewer: PlanViewer): string {
  const accountId = planAccountOf(viewer);
  if (viewer.role !== 'owner') throw new DomainError('FORBIDDEN', "Only the account's owner can start the trial.");
  return accountId;
}
