import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiKeyUseNotes } from '@lead-engine/core';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { CLOCK, Clock } from '../../infrastructure/clock/clock';
import { RedisAvailability } from '../../infrastructure/redis/redis-availability';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import { AccountsRepository } from './accounts.repository';

/** Removes each flushed member whose score is still the one flushed; a later use noted meanwhile stays. */
const REMOVE_FLUSHED = `
for i = 1, #ARGV, 2 do
  if redis.call('ZSCORE', KEYS[1], ARGV[i]) == ARGV[i + 1] then redis.call('ZREM', KEYS[1], ARGV[i]) end
end
return 0`;

interface LastUsedRedis extends Redis {
  removeFlushedKeyUses(key: string, ...memberScores: string[]): Promise<number>;
}

/**
 * When API keys were last used, kept off the request's path: each process passes on a key's first use
 * in each minute to a Redis sorted set (ZADD GT: key id → ms), and one engine at a time writes the set to
 * PostgreSQL every API_KEY_LAST_USED_FLUSH_MS. Readers merge the set's newer values, so what they show is
 * at most a minute behind.
 */
@Injectable()
export class ApiKeyLastUsed {
  private readonly logger = new Logger(ApiKeyLastUsed.name);
  private readonly notes = new ApiKeyUseNotes();
  private readonly usesKey: string;
  private readonly lockKey: string;
  private readonly redis: LastUsedRedis;
  private warnedAt = 0;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly redisAvailability: RedisAvailability,
  ) {
    this.usesKey = `${config.REDIS_KEY_PREFIX}:api-key-last-used`;
    this.lockKey = `${config.REDIS_KEY_PREFIX}:api-key-last-used:flush-lock`;
    if (!('removeFlushedKeyUses' in redis)) redis.defineCommand('removeFlushedKeyUses', { numberOfKeys: 1, lua: REMOVE_FLUSHED });
    this.redis = redis as LastUsedRedis;
  }

  /** Called for every authenticated request; sends at most one Redis command per key a minute and never waits for it. */
  note(keyId: string): void {
    // While Redis is away (said once in the log), a use is noted at the key's first request after it is back.
    if (!this.redisAvailability.isUp) return;
    const now = this.clock.now().getTime();
    if (!this.notes.note(keyId, now)) return;
    this.redis.zadd(this.usesKey, 'GT', now, keyId).catch((error) => {
      this.notes.forget(keyId);
      if (this.redisAvailability.isUp && now - this.warnedAt > 60_000) {
        this.warnedAt = now;
        this.logger.warn({ err: error }, "could not note an API key's use; the next request tries again");
      }
    });
  }

  /** Uses noted in Redis and not yet written to PostgreSQL, for the keys asked about. */
  async pending(keyIds: string[]): Promise<Map<string, Date>> {
    const found = new Map<string, Date>();
    if (keyIds.length === 0) return found;
    try {
      const scores = await this.redis.zmscore(this.usesKey, ...keyIds);
      keyIds.forEach((keyId, index) => {
        if (scores[index] !== null) found.set(keyId, new Date(Number(scores[index])));
      });
    } catch (error) {
      this.logger.warn({ err: error }, "could not read the keys' recent uses from Redis; showing what PostgreSQL has");
    }
    return found;
  }

  /**
   * Writes the noted uses to PostgreSQL in one UPDATE, if no engine has done so within the interval.
   * Returns how many keys were written, or null when another engine holds the turn.
   */
  async flush(): Promise<number | null> {
    const turn = await this.redis.set(this.lockKey, '1', 'PX', this.config.API_KEY_LAST_USED_FLUSH_MS, 'NX');
    if (turn !== 'OK') return null;
    const flat = await this.redis.zrange(this.usesKey, 0, -1, 'WITHSCORES');
    if (flat.length === 0) return 0;
    const uses: Array<{ keyId: string; at: Date }> = [];
    for (let i = 0; i < flat.length; i += 2) uses.push({ keyId: flat[i], at: new Date(Number(flat[i + 1])) });
    await this.accounts.recordApiKeysUsed(this.dataSource.manager, uses);
    await this.redis.removeFlushedKeyUses(this.usesKey, ...flat);
    return uses.length;
  }
}
