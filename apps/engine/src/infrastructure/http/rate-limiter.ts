import { Inject, Injectable } from '@nestjs/common';
import { RateLimitDecision, tokenBucketDecisions } from '@lead-engine/core';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { RedisAvailability } from '../redis/redis-availability';
import { ENGINE_CONFIG, REDIS } from '../tokens';

export type { RateLimitDecision };

// A token bucket kept in Redis and timed by Redis's own clock, so every engine process shares one
// bucket per client and their clocks do not matter. ARGV[3..] are the costs of the requests that arrived
// together, each taken whole or not at all in that order; it answers how many tokens it held before,
// from which each request's decision follows (tokenBucketDecisions).
const TAKE_TOKENS = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local before = tokens
for index = 3, #ARGV do
  local cost = tonumber(ARGV[index])
  if tokens >= cost then tokens = tokens - cost end
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return tostring(before)
`;

type TokenBucketRedis = Redis & {
  takeTokens(key: string, rate: number, burst: number, ...costs: number[]): Promise<string>;
};

type Waiter = { cost: number; resolve: (decision: RateLimitDecision) => void };

/**
 * The per-client rate limit. Requests of one client that arrive in the same turn of the event loop
 * take their tokens in one Redis call, which is what keeps the limiter cheap under load; each still
 * gets the decision it would have got alone.
 */
@Injectable()
export class RateLimiter {
  private readonly redis: TokenBucketRedis;
  private waiting = new Map<string, Waiter[]>();

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly redisAvailability: RedisAvailability,
  ) {
    if (!('takeTokens' in redis)) redis.defineCommand('takeTokens', { numberOfKeys: 1, lua: TAKE_TOKENS });
    this.redis = redis as TokenBucketRedis;
  }

  /** `tokens`: what the request costs (a batch of calls takes one a call), all taken or none. */
  take(clientIp: string, tokens = 1): Promise<RateLimitDecision> {
    return new Promise((resolve) => {
      if (this.waiting.size === 0) setImmediate(() => this.flush());
      const waiters = this.waiting.get(clientIp);
      if (waiters) waiters.push({ cost: tokens, resolve });
      else this.waiting.set(clientIp, [{ cost: tokens, resolve }]);
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = new Map();
    for (const [clientIp, waiters] of batch) void this.decide(clientIp, waiters);
  }

  private async decide(clientIp: string, waiters: Waiter[]): Promise<void> {
    const rate = this.config.RATE_LIMIT_RPS;
    const burst = this.config.RATE_LIMIT_BURST;
    let decisions: RateLimitDecision[];
    if (!this.redisAvailability.isUp) {
      waiters.forEach(({ resolve }) => resolve(letThrough(burst)));
      return;
    }
    try {
      const costs = waiters.map(({ cost }) => cost);
      const before = await this.redis.takeTokens(`${this.config.REDIS_KEY_PREFIX}:rate:${clientIp}`, rate, burst, ...costs);
      decisions = tokenBucketDecisions(Number(before), costs, rate, burst);
    } catch {
      // Without Redis the limiter cannot be shared; serving beats refusing everyone. The outage is
      // logged once, by RedisAvailability.
      decisions = waiters.map(() => letThrough(burst));
    }
    waiters.forEach(({ resolve }, index) => resolve(decisions[index]));
  }
}

function letThrough(burst: number): RateLimitDecision {
  return { allowed: true, limit: burst, remaining: burst, resetSeconds: 0, retryAfterSeconds: 0 };
}
