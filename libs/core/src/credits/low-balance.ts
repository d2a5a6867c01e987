export interface LowBalanceFacts {
  balance: number;
  threshold: number | null;
  /** Credits spent in the last 7 days, net of refunds. */
  netSpentLast7Days: number;
}

/**
 * Low means the balance would not last a day at the last week's pace, or is under the owner's own
 * threshold. An account that spent nothing is never low by pace.
 */
export function judgeLowBalance(facts: LowBalanceFacts): { low: boolean; dailySpend7d: number } {
  const dailySpend7d = Math.ceil(Math.max(0, facts.netSpentLast7Days) / 7);
  const belowPace = dailySpend7d > 0 && facts.balance < dailySpend7d;
  const belowThreshold = facts.threshold !== null && facts.balance < facts.threshold;
  return { low: belowPace || belowThreshold, dailySpend7d };
}
