import type { ChargingKey } from '../identity/charging-key';
import { accountOfViewer, chargingKeyOfViewer, ConsoleViewer } from '../identity/console-viewer';

const NO_ACCOUNT = 'Leads are searched and paid for by an account; this user has none.';

/** Owners and members alike search, reveal and export for their account; a user without one is refused (403). */
export function leadsAccountOf(viewer: ConsoleViewer): string {
  return accountOfViewer(viewer, NO_ACCOUNT);
}

/** What the Leads page spends through (see chargingKeyOfViewer). */
export function consoleChargingKeyOf(viewer: ConsoleViewer): ChargingKey {
  return chargingKeyOfViewer(viewer, NO_ACCOUNT);
}
