import type { ApiKeyLimits } from './api-key-limits';

/**
 * The key a paid call comes through, with the limits read when it was authenticated (null: none). A
 * console call comes through no key (apiKeyId null): it is the account's own, and no budget applies.
 */
export interface ChargingKey {
  accountId: string;
  apiKeyId: string | null;
  limits: ApiKeyLimits | null;
  /** The signed-in user a console call is made by, recorded on what it charges; absent for an API key's call. */
  userId?: string | null;
}
