import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { OutageLog } from '../outage-log';
import { redactUrl } from '../preflight/redact-url';
import { ENGINE_CONFIG, REDIS } from '../tokens';

/**
 * Whether this process's Redis connection is up, from the connection's own events: what needs Redis
 * asks here first instead of waiting on a dead connection. An outage is logged twice, when it starts
 * and when it ends; nothing in between.
 */
@Injectable()
export class RedisAvailability implements OnModuleDestroy {
  private readonly outage: OutageLog;
  private closing = false;
  private readonly returnListeners = new Set<() => void>();

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
  ) {
    this.outage = new OutageLog(new Logger('Redis'), 'Redis', { redis: redactUrl(config.REDIS_URL) });
    redis.on('close', () => this.lost());
    redis.on('ready', () => this.back());
  }

  get isUp(): boolean {
    return !this.outage.ongoing;
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
    if (this.closing) return;
    this.outage.begin('rate limits let requests through, new jobs wait in PostgreSQL until it is back');
  }

  private back(): void {
    if (this.outage.end()) for (const listener of this.returnListeners) listener();
  }
}
