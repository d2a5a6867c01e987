import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { LeadTable } from '@lead-engine/core';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { duplicateForSubscribing } from '../../infrastructure/redis/create-redis-client';
import { RedisAvailability } from '../../infrastructure/redis/redis-availability';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import { loadLeadTableInThread } from './load-lead-table-in-thread';

const LOAD_THREAD_HEAP_MB = 256;

/**
 * The contacts as an in-memory columnar table, loaded from PostgreSQL on first use and reloaded in
 * the background whenever an import announces new contacts; requests keep using the previous table
 * until the new one is complete.
 */
@Injectable()
export class LeadIndex implements OnApplicationShutdown {
  private readonly logger = new Logger(LeadIndex.name);
  private current: LeadTable | null = null;
  private loading: Promise<LeadTable> | null = null;
  private reloadWanted = false;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly redisAvailability: RedisAvailability,
  ) {}

  async table(): Promise<LeadTable> {
    if (this.current) return this.current;
    return this.load();
  }

  /** Reloads now (used after an import in this process and by the contacts-changed announcement). */
  refresh(): Promise<LeadTable> {
    if (this.loading) {
      this.reloadWanted = true;
      return this.loading;
    }
    return this.load();
  }

  listenForChanges(): void {
    if (this.subscriber) return;
    const channel = `${this.config.REDIS_KEY_PREFIX}:contacts-changed`;
    this.subscriber = duplicateForSubscribing(this.redis);
    const reloadIfLoaded = () => {
      if (this.current) this.refresh().catch((error) => this.logger.warn({ err: error }, 'lead index reload failed'));
    };
    this.subscriber.on('message', reloadIfLoaded);
    // Announcements made while Redis was away are lost; the table is read again in case contacts changed.
    this.redisAvailability.onReturn(reloadIfLoaded);
    this.subscriber.subscribe(channel).catch((error) => this.logger.warn({ err: error }, 'could not subscribe to contacts-changed'));
  }

  private load(): Promise<LeadTable> {
    if (!this.loading) {
      this.loading = this.build().finally(() => {
        this.loading = null;
        if (this.reloadWanted) {
          this.reloadWanted = false;
          void this.refresh().catch((error) => this.logger.warn({ err: error }, 'lead index reload failed'));
        }
      });
    }
    return this.loading;
  }

  private async build(): Promise<LeadTable> {
    const startedAt = Date.now();
    const table = await loadLeadTableInThread(this.config.DATABASE_URL, LOAD_THREAD_HEAP_MB, (limitMb) =>
      this.logger.warn({ heapLimitMb: limitMb }, 'lead table did not fit the loading thread’s heap; loading again with more'),
    );
    this.current = table;
    const memory = process.memoryUsage();
    this.logger.log(
      {
        contacts: table.size,
        companies: table.companyCount,
        ms: Date.now() - startedAt,
        rssMb: Math.round(memory.rss / 2 ** 20),
        heapUsedMb: Math.round(memory.heapUsed / 2 ** 20),
        heapTotalMb: Math.round(memory.heapTotal / 2 ** 20),
        arrayBuffersMb: Math.round(memory.arrayBuffers / 2 ** 20),
      },
      'lead index loaded',
    );
    return table;
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }
}
