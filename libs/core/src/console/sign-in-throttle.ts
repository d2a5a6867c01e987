/**
 * Sign-in throttling (console.md, "Sessions and security"): after `freeFailures` consecutive failures
 * for one email, every further attempt waits; the first wait is `baseWaitMs`, doubling with each failure
 * after a wait, up to `maxWaitMs`. Per client address at most `addressFailures` failures per `addressWindowMs`.
 */
export interface SignInThrottlePolicy {
  freeFailures: number;
  baseWaitMs: number;
  maxWaitMs: number;
  addressFailures: number;
  addressWindowMs: number;
}

export const SIGN_IN_THROTTLE_POLICY: SignInThrottlePolicy = {
  freeFailures: 5,
  baseWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  addressFailures: 30,
  addressWindowMs: 10 * 60_000,
};

/** The wait that starts with the `failures`-th consecutive failure for one email: 0 while attempts are free. */
export function signInWaitMs(failures: number, policy: SignInThrottlePolicy = SIGN_IN_THROTTLE_POLICY): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  // 2^doublings overflows nothing before the cap is reached: the cap is hit long before 2^53.
  return Math.min(policy.maxWaitMs, policy.baseWaitMs * 2 ** Math.min(doublings, 40));
}

/** Whole seconds to announce in Retry-After for a wait ending at `until`; at least 1 while it lasts. */
export function retryAfterSeconds(untilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
}
