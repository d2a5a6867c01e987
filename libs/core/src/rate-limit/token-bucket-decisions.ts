export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds: number;
}

/**
 * What each of the requests that reached a token bucket together is told, in arrival order, when the
 * bucket held `tokensBefore` tokens: exactly what one request at a time would have been told. `requests`
 * is their number when each takes one token, else each one's cost (a request of several calls takes
 * them all or none).
 */
export function tokenBucketDecisions(
  tokensBefore: number,
  requests: number | readonly number[],
  rate: number,
  burst: number,
): RateLimitDecision[] {
  const costs = typeof requests === 'number' ? Array.from({ length: requests }, () => 1) : requests;
  const decisions: RateLimitDecision[] = [];
  let tokens = tokensBefore;
  for (const cost of costs) {
    const allowed = tokens >= cost;
    if (allowed) tokens -= cost;
    decisions.push({
      allowed,
      limit: burst,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil(Math.ceil(((burst - tokens) * 1000) / rate) / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(Math.ceil(((Math.min(cost, burst) - tokens) * 1000) / rate) / 1000)),
    });
  }
  return decisions;
}
