import type { ChargingKey } from '../credits/use-cases/enforce-key-budget.use-case';
import { accountOfViewer, ConsoleViewer } from '../users/console-viewer';

/** Jobs belong to an account: owners and members see them all; a user without an account is refused (403). */
export function jobsAccountOf(viewer: ConsoleViewer): string {
  return accountOfViewer(viewer, 'Jobs belong to an account; this user has none.');
}

/** What a job started in the app is paid through: the viewer's account and no API key; the viewer is recorded as who started it. */
export function jobsChargingKeyOf(viewer: ConsoleViewer): ChargingKey {
  return { accountId: jobsAccountOf(viewer), apiKeyId: null, limits: null, userId: viewer.userId };
}
