export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds: number;
}

/**
 * What each of `count` requests that reached a token bucket together is told, in arrival order, when
 * the bucket held `tokensBefore` tokens: exactly what one request at a time would have been told.
 */
export function tokenBucketDecisions(tokensBefore: number, count: number, rate: number, burst: number): RateLimitDecision[] {
  const decisions: RateLimitDecision[] = [];
  let tokens = tokensBefore;
  for (let index = 0; index < count; index++) {
    const allowed = tokens >= 1;
    if (allowed) tokens -= 1;
    decisions.push({
      allowed,
      limit: burst,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil(Math.ceil(((burst - tokens) * 1000) / rate) / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(Math.ceil(((1 - tokens) * 1000) / rate) / 1000)),
    });
  }
  return decisions;
}
