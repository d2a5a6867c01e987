import type { ChargingKey } from '../identity/charging-key';
import { accountOfViewer, chargingKeyOfViewer, ConsoleViewer } from '../identity/console-viewer';

const NO_ACCOUNT = 'Jobs belong to an account; this user has none.';

/** Jobs belong to an account: owners and members see them all; a user without an account is refused (403). */
export function jobsAccountOf(viewer: ConsoleViewer): string {
  return accountOfViewer(viewer, NO_ACCOUNT);
}

/** What a job started in the app is paid through (see chargingKeyOfViewer). */
export function jobsChargingKeyOf(viewer: ConsoleViewer): ChargingKey {
  return chargingKeyOfViewer(viewer, NO_ACCOUNT);
}
