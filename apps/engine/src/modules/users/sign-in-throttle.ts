import { Inject, Injectable } from '@nestjs/common';
import { DomainError, retryAfterSeconds, SIGN_IN_THROTTLE_POLICY, SignInThrottlePolicy, signInWaitMs } from '@lead-engine/core';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import type { EngineConfig } from '../../config/engine-config.schema';
import { CLOCK, Clock } from '../../infrastructure/clock/clock';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';

/** Consecutive failures of one email are forgotten a day after the last one. */
const EMAIL_MEMORY_MS = 24 * 60 * 60 * 1000;
/** A reserved attempt whose engine died before it ended stops counting after this long. */
const ATTEMPT_MEMORY_MS = 60_000;
/** Retry-After for an attempt refused because the email's remaining attempts are all in flight. */
const IN_FLIGHT_RETRY_MS = 1_000;

// Decides and reserves in one step, so attempts sent side by side cannot all pass before the first
// failure is written: while attempts are free, failures and attempts in flight together stay under
// the free count; once waits began, an attempt goes only after the wait, and one at a time.
// KEYS: the email's failures, the email's attempts in flight, the address's failures.
// ARGV: now, free failures, address failures, then the waits for the free-th failure, the next, ... the cap.
const RESERVE_ATTEMPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last_failure_at') or '0')
local flying = math.max(0, tonumber(redis.call('GET', KEYS[2]) or '0'))
if failures >= free then
  local wait = tonumber(ARGV[3 + math.min(failures - free + 1, #ARGV - 3)])
  if last + wait > now then return {'email', last + wait - now} end
  if flying > 0 then return {'email', ${IN_FLIGHT_RETRY_MS}} end
elseif failures + flying >= free then
  return {'email', ${IN_FLIGHT_RETRY_MS}}
end
if tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[3]) then
  return {'address', math.max(0, redis.call('PTTL', KEYS[3]))}
end
redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ${ATTEMPT_MEMORY_MS})
return {'ok', 0}
`;

type ThrottleRedis = Redis & {
  reserveSignInAttempt(emailKey: string, flightKey: string, addressKey: string, ...args: number[]): Promise<[string, number]>;
};

export type AttemptOutcome = 'failed' | 'succeeded' | 'unfinished';

/**
 * Sign-in throttling kept in Redis (console.md): per email, consecutive failures and when the last
 * one was; per client address, failures in a fixed 10-minute window. An attempt is reserved before
 * the password is checked and ended after; one refused during a wait is neither a failure nor a
 * reason to extend the wait.
 */
@Injectable()
export class SignInThrottle {
  private readonly policy: SignInThrottlePolicy;
  private readonly prefix: string;
  private readonly redis: ThrottleRedis;
  /** The wait after the free-th failure, the next one, ... up to the cap. */
  private readonly waits: number[] = [];

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.policy = { ...SIGN_IN_THROTTLE_POLICY, baseWaitMs: config.SIGN_IN_BASE_WAIT_MS };
    this.prefix = `${config.REDIS_KEY_PREFIX}:console:sign-in`;
    for (let failures = this.policy.freeFailures; ; failures++) {
      this.waits.push(signInWaitMs(failures, this.policy));
      if (this.waits.at(-1)! >= this.policy.maxWaitMs || this.waits.length > 64) break;
    }
    if (!('reserveSignInAttempt' in redis)) redis.defineCommand('reserveSignInAttempt', { numberOfKeys: 3, lua: RESERVE_ATTEMPT });
    this.redis = redis as ThrottleRedis;
  }

  /** Reserves an attempt for this email from this address, or throws 429 RATE_LIMITED while either must wait. */
  async reserve(email: string, address: string): Promise<void> {
    await this.reserveFor(this.emailKey(email), address, 'Too many failed sign-ins for this email');
  }

  /** Ends a reserved attempt: a failure counts for the email and the address, a success forgets the email's failures. */
  async end(email: string, address: string, outcome: AttemptOutcome): Promise<void> {
    await this.endFor(this.emailKey(email), address, outcome);
  }

  /**
   * The current-password check of a password change, throttled as a sign-in is but counted per user:
   * a stolen session cannot guess the password at will.
   */
  async reservePasswordCheck(userId: string, address: string): Promise<void> {
    await this.reserveFor(this.userKey(userId), address, 'Too many wrong current passwords for this user');
  }

  async endPasswordCheck(userId: string, address: string, outcome: AttemptOutcome): Promise<void> {
    await this.endFor(this.userKey(userId), address, outcome);
  }

  private async reserveFor(subjectKey: string, address: string, tooMany: string): Promise<void> {
    const now = this.clock.now().getTime();
    const [refusedFor, waitMs] = await this.guard(() =>
      this.redis.reserveSignInAttempt(
        subjectKey,
        this.flightKey(subjectKey),
        this.addressKey(address),
        now,
        this.policy.freeFailures,
        this.policy.addressFailures,
        ...this.waits,
      ),
    );
    if (refusedFor === 'email') {
      throw this.refusal(`${tooMany}; retry after the Retry-After delay.`, retryAfterSeconds(waitMs, 0));
    }
    if (refusedFor === 'address') {
      throw this.refusal('Too many failed sign-ins from this address; retry after the Retry-After delay.', retryAfterSeconds(waitMs, 0));
    }
  }

  private async endFor(key: string, address: string, outcome: AttemptOutcome): Promise<void> {
    const transaction = this.redis.multi().decr(this.flightKey(key));
    if (outcome === 'failed') {
      transaction
        .hincrby(key, 'failures', 1)
        .hset(key, 'last_failure_at', String(this.clock.now().getTime()))
        .pexpire(key, EMAIL_MEMORY_MS)
        .set(this.addressKey(address), 0, 'PX', this.policy.addressWindowMs, 'NX')
        .incr(this.addressKey(address));
    } else if (outcome === 'succeeded') {
      transaction.del(key);
    }
    await this.guard(() => transaction.exec());
  }

  private refusal(message: string, seconds: number): DomainError {
    return new DomainError('RATE_LIMITED', message, { retryAfterSeconds: seconds, httpStatus: 429 });
  }

  // Emails are kept hashed: the keys of Redis say nothing about who tried to sign in.
  private emailKey(email: string): string {
    return `${this.prefix}:email:${createHash('sha256').update(email).digest('hex')}`;
  }

  private userKey(userId: string): string {
    return `${this.prefix}:password-check:user:${userId}`;
  }

  private flightKey(subjectKey: string): string {
    return `${subjectKey}:in-flight`;
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
