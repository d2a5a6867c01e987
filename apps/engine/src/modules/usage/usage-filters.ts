import type { UsageSelection, UsageKind } from '@lead-engine/contracts';

/** The ledger rows a Usage page or download selects: one account, then any of the page's filters. */
export interface UsageFilters {
  accountId: string;
  kinds?: UsageKind[];
  apiKeyId?: string;
  madeByUserId?: string;
  reference?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  before?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function usageFiltersOf(accountId: string, query: UsageSelection): UsageFilters {
  return {
    accountId,
    kinds: query.kind,
    apiKeyId: query.key,
    madeByUserId: query.user,
    reference: query.job,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}
