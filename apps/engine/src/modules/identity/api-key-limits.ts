/**
 * What an API key may charge. Null fields: no such limit. A key with none at all has `null` limits and
 * is served exactly as before (no lock and no read beyond its own row).
 */
export interface ApiKeyLimits {
  /** Credits the key may charge in all (spends + holds − refunds of its ledger rows, and its pending exports). */
  budgetTotal: number | null;
  /** The same within the current UTC day (refunds count on the day they happen). */
  budgetDay: number | null;
  /** The most one call may charge (a reveal its new leads, a scrape or enrichment its hold, an export its delivery limit). */
  maxPerCall: number | null;
  /** Free endpoints only: every paid one is refused whatever it would cost. */
  readOnly: boolean;
}

export interface ApiKeyLimitColumns {
  budget_total: string | number | null;
  budget_day: string | number | null;
  max_per_call: string | number | null;
  read_only: boolean;
}

const count = (value: string | number | null) => (value === null ? null : Number(value));

/** The key's limits from its row, or null when it has none. */
export function apiKeyLimitsOf(row: ApiKeyLimitColumns): ApiKeyLimits | null {
  const limits = {
    budgetTotal: count(row.budget_total),
    budgetDay: count(row.budget_day),
    maxPerCall: count(row.max_per_call),
    readOnly: row.read_only === true,
  };
  const none = limits.budgetTotal === null && limits.budgetDay === null && limits.maxPerCall === null && !limits.readOnly;
  return none ? null : limits;
}
