import { Inject, Injectable } from '@nestjs/common';
import { DomainError, retryAfterSeconds, SIGN_IN_THROTTLE_POLICY, SignInThrottlePolicy, signInWaitMs } from '@lead-engine/core';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import type { EngineConfig } from '../../config/engine-config.schema';
import { CLOCK, Clock } from '../../infrastructure/clock/clock';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';

/** Consecutive failures of one email are forgotten a day after the last one. */
const EMAIL_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * Sign-in throttling kept in Redis (console.md): per email, consecutive failures and the end of the
 * current wait; per client address, failures in a fixed 10-minute window. An attempt refused during a
 * wait is neither a failure nor a reason to extend the wait.
 */
@Injectable()
export class SignInThrottle {
  private readonly policy: SignInThrottlePolicy;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.policy = { ...SIGN_IN_THROTTLE_POLICY, baseWaitMs: config.SIGN_IN_BASE_WAIT_MS };
    this.prefix = `${config.REDIS_KEY_PREFIX}:console:sign-in`;
  }

  /** Throws 429 RATE_LIMITED while the email or the address must wait. */
  async check(email: string, address: string): Promise<void> {
    const now = this.clock.now().getTime();
    const [[, waitUntil], [, addressFailures], [, addressTtl]] = (await this.guard(() =>
      this.redis.multi().hget(this.emailKey(email), 'wait_until').get(this.addressKey(address)).pttl(this.addressKey(address)).exec(),
    )) as Array<[Error | null, string | number | null]>;
    if (waitUntil !== null && Number(waitUntil) > now) {
      throw this.refusal(
        'Too many failed sign-ins for this email; retry after the Retry-After delay.',
        retryAfterSeconds(Number(waitUntil), now),
      );
    }
    if (Number(addressFailures ?? 0) >= this.policy.addressFailures) {
      const ttl = Number(addressTtl);
      throw this.refusal(
        'Too many failed sign-ins from this address; retry after the Retry-After delay.',
        retryAfterSeconds(Math.max(ttl, 0), 0),
      );
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const now = this.clock.now().getTime();
    const key = this.emailKey(email);
    const results = await this.guard(() =>
      this.redis
        .multi()
        .hincrby(key, 'failures', 1)
        .pexpire(key, EMAIL_MEMORY_MS)
        .set(this.addressKey(address), 0, 'PX', this.policy.addressWindowMs, 'NX')
        .incr(this.addressKey(address))
        .exec(),
    );
    const failures = Number(results?.[0]?.[1] ?? 0);
    const wait = signInWaitMs(failures, this.policy);
    if (wait > 0) await this.guard(() => this.redis.hset(key, 'wait_until', String(now + wait)));
  }

  async recordSuccess(email: string): Promise<void> {
    await this.guard(() => this.redis.del(this.emailKey(email)));
  }

  private refusal(message: string, seconds: number): DomainError {
    return new DomainError('RATE_LIMITED', message, { retryAfterSeconds: seconds, httpStatus: 429 });
  }

  // Emails are kept hashed: the keys of Redis say nothing about who tried to sign in.
  private emailKey(email: string): string {
    return `${this.prefix}:email:${createHash('sha256').update(email).digest('hex')}`;
  }

  private addressKey(address: string): string {
    return `${this.prefix}:address:${address}`;
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE', 'Redis is unreachable; sign-in is not possible right now. Retry shortly.', {
        retryAfterSeconds: 5,
      });
    }
  }
}
