import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { redactUrl } from '../preflight/redact-url';
import { ENGINE_CONFIG, REDIS } from '../tokens';

/**
 * Whether this process's Redis connection is up, from the connection's own events: what needs Redis
 * asks here first instead of waiting on a dead connection. An outage is logged twice, when it starts
 * and when it ends; nothing in between.
 */
@Injectable()
export class RedisAvailability implements OnModuleDestroy {
  private readonly logger = new Logger('Redis');
  private lostAt: number | null = null;
  private closing = false;
  private readonly returnListeners = new Set<() => void>();

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {
    redis.on('close', () => this.lost());
    redis.on('ready', () => this.back());
  }

  get isUp(): boolean {
    return this.lostAt === null;
  }

  /** Calls `listener` each time Redis comes back after an outage; returns the unsubscribe. */
  onReturn(listener: () => void): () => void {
    this.returnListeners.add(listener);
    return () => this.returnListeners.delete(listener);
  }

  onModuleDestroy(): void {
    this.closing = true;
  }

  private lost(): void {
    if (this.closing || this.lostAt !== null) return;
    this.lostAt = Date.now();
    this.logger.warn(
      { redis: redactUrl(this.config.REDIS_URL), since: new Date(this.lostAt).toISOString() },
      'Redis lost: rate limits let requests through, new jobs wait in PostgreSQL until it is back',
    );
  }

  private back(): void {
    if (this.lostAt === null) return;
    const downForMs = Date.now() - this.lostAt;
    this.lostAt = null;
    this.logger.log({ redis: redactUrl(this.config.REDIS_URL), downForMs }, `Redis back after ${Math.round(downForMs / 100) / 10} s`);
    for (const listener of this.returnListeners) listener();
  }
}
