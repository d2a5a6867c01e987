/** How a delivery that was not answered with 2xx is tried again, and when an endpoint is given up on. */
export interface DeliveryRetryPolicy {
  /** The wait after each failed attempt, the last one repeated (about 5 s, 30 s, 2 min, 10 min, 30 min, then hourly). */
  readonly delaysMs: readonly number[];
  /** How long after its first attempt a delivery keeps being retried (24 h). */
  readonly windowMs: number;
  /** How long an endpoint may fail every delivery before it is disabled (3 days). */
  readonly disableAfterMs: number;
}

export const DEFAULT_RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 1800, 3600] as const;

/** Each wait is spread by up to this share either way, so deliveries failed together are not retried together. */
const JITTER_SHARE = 0.2;

/**
 * When the attempt after `attemptsMade` failed ones runs, or null when that falls after the retry
 * window (the delivery has failed for good).
 */
export function nextDeliveryAttempt(
  policy: DeliveryRetryPolicy,
  attemptsMade: number,
  windowStartedAt: Date,
  failedAt: Date,
  random: () => number = Math.random,
): Date | null {
  const { delaysMs } = policy;
  const delay = delaysMs[Math.min(Math.max(attemptsMade, 1), delaysMs.length) - 1];
  const at = failedAt.getTime() + Math.round(delay * (1 + JITTER_SHARE * (2 * random() - 1)));
  return at > windowStartedAt.getTime() + policy.windowMs ? null : new Date(at);
}

/** Whether an endpoint that has failed every delivery since `failingSince` is to be disabled now. */
export function failedTooLong(policy: DeliveryRetryPolicy, failingSince: Date, now: Date): boolean {
  return now.getTime() - failingSince.getTime() >= policy.disableAfterMs;
}
