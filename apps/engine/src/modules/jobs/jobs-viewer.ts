import { accountOfViewer, ConsoleViewer } from '../users/console-viewer';

/** Jobs belong to an account: owners and members see them all; a user without an account is refused (403). */
export function jobsAccountOf(viewer: ConsoleViewer): string {
  return accountOfViewer(viewer, 'Jobs belong to an account; this user has none.');
}
