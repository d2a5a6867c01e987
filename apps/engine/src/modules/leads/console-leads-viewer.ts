import type { ChargingKey } from '../credits/use-cases/enforce-key-budget.use-case';
import { accountOfViewer, ConsoleViewer } from '../users/console-viewer';

/** Owners and members alike search, reveal and export for their account; a user without one is refused (403). */
export function leadsAccountOf(viewer: ConsoleViewer): string {
  return accountOfViewer(viewer, 'Leads are searched and paid for by an account; this user has none.');
}

/** What the Leads page spends through: the viewer's account and no API key, so no key's budget applies; the viewer is recorded as who spent. */
export function consoleChargingKeyOf(viewer: ConsoleViewer): ChargingKey {
  return { accountId: leadsAccountOf(viewer), apiKeyId: null, limits: null, userId: viewer.userId };
}
