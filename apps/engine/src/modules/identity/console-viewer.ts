import { DomainError } from '@lead-engine/core';
import type { ChargingKey } from './charging-key';

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

/**
 * What the app spends through: the viewer's account and no API key, so no key's budget applies; the
 * viewer is recorded as who spent. A user without an account is refused like accountOfViewer.
 */
export function chargingKeyOfViewer(viewer: ConsoleViewer, refusal: string): ChargingKey {
  return { accountId: accountOfViewer(viewer, refusal), apiKeyId: null, limits: null, userId: viewer.userId };
}
