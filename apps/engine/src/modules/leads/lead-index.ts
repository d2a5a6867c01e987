import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DomainError, fromTransferable, LeadTable } from '@lead-engine/core';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { duplicateForSubscribing } from '../../infrastructure/redis/create-redis-client';
import { RedisAvailability } from '../../infrastructure/redis/redis-availability';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import { LeadsRepository } from './leads.repository';
import type { LeadTableHealth } from '@lead-engine/contracts';
import { LeadTableThreadLoad, startLeadTableLoad, ThreadLoadedTable } from './lead-table-thread-load';

/** What a client is asked to wait when the table is still loading. */
const LOADING_RETRY_AFTER_SECONDS = 2;

interface Loaded {
  table: LeadTable;
  source: 'snapshot' | 'database';
  loadedAt: Date;
  snapshotWrittenAt: Date | null;
}

/**
 * The contacts as an in-memory columnar table. An engine that serves HTTP loads it at boot: from its
 * snapshot on local disk when that was written at the database's current lead data version, else from
 * PostgreSQL (writing a new snapshot). It is loaded again in the background whenever an import
 * announces new contacts; requests keep using the previous table until the new one is complete.
 */
@Injectable()
export class LeadIndex implements OnApplicationShutdown {
  private readonly logger = new Logger(LeadIndex.name);
  private current: Loaded | null = null;
  private loading: Promise<LeadTable> | null = null;
  /** The thread load under way, whose progress /health reports. */
  private threadLoad: LeadTableThreadLoad | null = null;
  /** A load main started before the engine booted, which the first load takes over. */
  private bootLoad: LeadTableThreadLoad | null = null;
  private lastFailure: string | null = null;
  private reloadWanted = false;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly redisAvailability: RedisAvailability,
    private readonly leads: LeadsRepository,
  ) {}

  /** The table, waiting for it as long as its load takes (jobs). */
  async table(): Promise<LeadTable> {
    if (this.current) return this.current.table;
    return this.load();
  }

  /**
   * The table for a request, which waits for a table still loading only LEAD_TABLE_WAIT_MS and then
   * answers LEADS_SOURCE_DOWN with Retry-After, rather than hang for the minute a large load takes.
   */
  async tableForRequest(): Promise<LeadTable> {
    if (this.current) return this.current.table;
    const loading = this.load();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.config.LEAD_TABLE_WAIT_MS);
    });
    try {
      const table = await Promise.race([loading, waited]);
      if (table) return table;
    } finally {
      clearTimeout(timer);
    }
    throw new DomainError('LEADS_SOURCE_DOWN', `The lead table is loading (${this.progressText()}); retry shortly.`, {
      retryAfterSeconds: LOADING_RETRY_AFTER_SECONDS,
    });
  }

  /**
   * Starts loading now, at boot, so the first request finds the table ready; or takes over a load
   * started before the engine booted, which read the snapshot while the modules were loading.
   */
  startLoading(started: LeadTableThreadLoad | null = null): void {
    this.bootLoad = started;
    this.load().catch(() => undefined);
  }

  state(): LeadTableHealth {
    if (this.current) {
      return {
        state: 'ready',
        contacts: this.current.table.size,
        source: this.current.source,
        loadedAt: this.current.loadedAt.toISOString(),
        snapshotAgeSeconds:
          this.current.snapshotWrittenAt === null
            ? null
            : Math.max(0, Math.round((Date.now() - this.current.snapshotWrittenAt.getTime()) / 1000)),
        reloading: this.loading !== null,
      };
    }
    const progress = this.threadLoad?.progress;
    if (this.loading && progress)
      return { state: 'loading', source: progress.source, loadedContacts: progress.loaded, totalContacts: progress.total };
    if (this.loading) return { state: 'loading', source: null, loadedContacts: 0, totalContacts: null };
    if (this.lastFailure) return { state: 'failed', reason: this.lastFailure };
    return { state: 'not-loaded' };
  }

  /** Loads again now (used after an import in this process and by the contacts-changed announcement). */
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
    // A table still loading may have been read before the change: it is loaded again once it is done.
    const reloadIfWanted = () => {
      if (this.current || this.loading) this.refresh().catch((error) => this.logger.warn({ err: error }, 'lead index reload failed'));
    };
    this.subscriber.on('message', reloadIfWanted);
    // Announcements made while Redis was away are lost; the table is read again in case contacts changed.
    this.redisAvailability.onReturn(reloadIfWanted);
    this.subscriber.subscribe(channel).catch((error) => this.logger.warn({ err: error }, 'could not subscribe to contacts-changed'));
  }

  private progressText(): string {
    const progress = this.threadLoad?.progress;
    if (!progress || progress.total === null || progress.source === 'snapshot')
      return progress?.source === 'snapshot' ? 'from its snapshot' : 'starting';
    const percent = progress.total === 0 ? 100 : Math.floor((100 * progress.loaded) / progress.total);
    return `${percent}%, ${progress.loaded.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} contacts`;
  }

  private load(): Promise<LeadTable> {
    if (!this.loading) {
      this.loading = this.build()
        .then(
          (loaded) => {
            this.current = loaded;
            this.lastFailure = null;
            return loaded.table;
          },
          (error: Error) => {
            this.lastFailure = error.message;
            throw error;
          },
        )
        .finally(() => {
          this.loading = null;
          this.threadLoad = null;
          if (this.reloadWanted) {
            this.reloadWanted = false;
            void this.refresh().catch((error) => this.logger.warn({ err: error }, 'lead index reload failed'));
          }
        });
    }
    return this.loading;
  }

  private async build(): Promise<Loaded> {
    const boot = this.bootLoad;
    this.bootLoad = null;
    let loaded: ThreadLoadedTable;
    try {
      loaded = await this.follow(boot ?? this.startThreadLoad());
    } catch (error) {
      // A load started before the engine was up may have met a database not yet migrated.
      if (!boot) throw error;
      this.logger.log({ reason: (error as Error).message }, 'lead table load started before boot failed; loading again');
      loaded = await this.follow(this.startThreadLoad());
    }
    const result: Loaded = {
      table: fromTransferable(loaded.table),
      source: loaded.source,
      loadedAt: new Date(),
      snapshotWrittenAt: loaded.snapshotWrittenAt,
    };
    this.logLoaded(result, loaded.ms);
    // Contacts changed after the load read its data version, before this process listened for changes.
    if (boot && (await this.leads.leadDataVersion().catch(() => loaded.dataVersion)) !== loaded.dataVersion) this.reloadWanted = true;
    return result;
  }

  private follow(load: LeadTableThreadLoad): Promise<ThreadLoadedTable> {
    this.threadLoad = load;
    return load.result;
  }

  private startThreadLoad(): LeadTableThreadLoad {
    return startLeadTableLoad(this.config, {
      info: (fields, message) => this.logger.log(fields, message),
      warn: (fields, message) => this.logger.warn(fields, message),
    });
  }

  private logLoaded({ table, source }: Loaded, ms: number): void {
    const memory = process.memoryUsage();
    this.logger.log(
      {
        source,
        contacts: table.size,
        companies: table.companyCount,
        ms,
        rssMb: Math.round(memory.rss / 2 ** 20),
        heapUsedMb: Math.round(memory.heapUsed / 2 ** 20),
        arrayBuffersMb: Math.round(memory.arrayBuffers / 2 ** 20),
      },
      'lead index loaded',
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }
}
