import { accountOfViewer, ConsoleViewer } from '../identity/console-viewer';

/** Usage belongs to an account: every member of it sees it all; a user without an account is refused. */
export function usageAccountOf(viewer: ConsoleViewer): string {
  return accountOfViewer(viewer, 'Usage belongs to an account; this user has none.');
}
