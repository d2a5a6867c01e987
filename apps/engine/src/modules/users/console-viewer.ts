import { DomainError } from '@lead-engine/core';

/** A signed-in console user, as far as the account's pages care. */
export interface ConsoleViewer {
  userId: string;
  accountId: string | null;
  role: 'owner' | 'member' | null;
}

/** The account a console page shows; a user without one (an operator only) is refused with 403 and `refusal`. */
export function accountOfViewer(viewer: ConsoleViewer, refusal: string): string {
  if (!viewer.accountId) throw new DomainError('FORBIDDEN', refusal);
  return viewer.accountId;
}
