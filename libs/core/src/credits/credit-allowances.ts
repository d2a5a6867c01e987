export const NEW_ACCOUNT_CREDITS = 300;

export const TRIAL_CREDITS = 10_000;
export const TRIAL_DAYS = 7;

export const PLAN_MONTHLY_CREDITS = {
  starter: 50_000,
  growth: 250_000,
  pro: 800_000,
  scale: 3_000_000,
} as const;

export type PlanName = keyof typeof PLAN_MONTHLY_CREDITS;

export const PLAN_NAMES = Object.keys(PLAN_MONTHLY_CREDITS) as PlanName[];

export function isPlanName(value: string): value is PlanName {
  return Object.prototype.hasOwnProperty.call(PLAN_MONTHLY_CREDITS, value);
}

/** The same day of the next month, clamped to that month's last day (Jan 31 → Feb 28). */
export function nextRenewal(from: Date): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * Trial credits are consumed first: what expires is what is left of the trial grant after
 * everything the account spent since the trial began, and never more than the balance.
 */
export function expiringTrialCredits(balance: number, netSpentSinceTrialStart: number): number {
  return Math.max(0, Math.min(balance, TRIAL_CREDITS - Math.max(0, netSpentSinceTrialStart)));
}
