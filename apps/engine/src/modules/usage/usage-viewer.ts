import { DomainError } from '@lead-engine/core';
import type { ConsoleSessionPrincipal } from '../users/use-cases/authenticate-session.use-case';

/** Usage belongs to an account: every member of it sees it all; a user without an account is refused. */
export function usageAccountOf(viewer: ConsoleSessionPrincipal): string {
  if (!viewer.accountId) throw new DomainError('FORBIDDEN', 'Usage belongs to an account; this user has none.');
  return viewer.accountId;
}
