import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG, REDIS } from '../tokens';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds: number;
}

// A token bucket kept in Redis and timed by Redis's own clock, so every engine process shares one
// bucket per client and their clocks do not matter.
const TOKEN_BUCKET = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
local retry = 0
if allowed == 0 then retry = math.ceil((1 - tokens) * 1000 / rate) end
local full = math.ceil((burst - tokens) * 1000 / rate)
return { allowed, math.floor(tokens), retry, full }
`;

type TokenBucketRedis = Redis & {
  takeToken(key: string, rate: number, burst: number): Promise<[number, number, number, number]>;
};

@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly redis: TokenBucketRedis;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {
    if (!('takeToken' in redis)) redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TOKEN_BUCKET });
    this.redis = redis as TokenBucketRedis;
  }

  async take(clientIp: string): Promise<RateLimitDecision> {
    const rate = this.config.RATE_LIMIT_RPS;
    const burst = this.config.RATE_LIMIT_BURST;
    try {
      const [allowed, remaining, retryMs, fullMs] = await this.redis.takeToken(
        `${this.config.REDIS_KEY_PREFIX}:rate:${clientIp}`,
        rate,
        burst,
      );
      return {
        allowed: allowed === 1,
        limit: burst,
        remaining,
        resetSeconds: Math.ceil(fullMs / 1000),
        retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)),
      };
    } catch (error) {
      // Without Redis the limiter cannot be shared; serving beats refusing everyone.
      this.logger.warn({ err: error }, 'rate limiter unavailable; request let through');
      return { allowed: true, limit: burst, remaining: burst, resetSeconds: 0, retryAfterSeconds: 0 };
    }
  }
}
