import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { LeadTableHealth } from '@lead-engine/contracts';
import { DomainError, LiveLeadTable } from '@lead-engine/core';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { PostgresAvailability } from '../../infrastructure/database/postgres-availability';
import { warnUnlessUnreachable } from '../../infrastructure/database/warn-unless-unreachable';
import { RedisAvailability } from '../../infrastructure/redis/redis-availability';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import { startMerge } from './life/background-merge';
import { CatchUp } from './life/catch-up';
import { ChangesSubscription } from './life/changes-subscription';
import { leadTableHealth, LeadTableMeasures, leadTableMeasures, loadingText } from './life/lead-table-reports';
import { LeadTableState, LeadTableStateCell, NOT_LOADED, servedNow } from './life/lead-table-state';
import { WholeLoad } from './life/whole-load';
import { LeadChangesReader } from './threads/lead-changes-reader';
import type { LeadTableLoader } from './threads/lead-table-loader';

/** What a client is asked to wait when the table is still loading. */
const LOADING_RETRY_AFTER_SECONDS = 2;

/**
 * The contacts as an in-memory columnar table, held in segments of ascending seq ranges: the one
 * owner of its state (see life/lead-table-state), which the parts of its life move on. An engine that
 * serves HTTP loads it at boot (life/whole-load): from its snapshot on local disk when that was written
 * at the database's current lead data version (or one a delta can catch up from), else from
 * PostgreSQL. When an import announces changed contacts (life/changes-subscription), only the contacts
 * written since the table's version are read and added as a delta (life/catch-up); past 5% of the table
 * the deltas are merged into the segments in the background and a fresh snapshot is written
 * (life/background-merge). Requests are answered by the table as it stands at every moment.
 */
@Injectable()
export class LeadIndex implements OnApplicationShutdown {
  private state: LeadTableState = NOT_LOADED;
  private readonly changes: LeadChangesReader;
  private readonly wholeLoad: WholeLoad;
  private readonly catchUps: CatchUp;
  private readonly subscription: ChangesSubscription;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    redisAvailability: RedisAvailability,
    postgres: PostgresAvailability,
  ) {
    const logger = new Logger(LeadIndex.name);
    const cell: LeadTableStateCell = {
      get: () => this.state,
      move: (transition) => (this.state = transition(this.state)),
    };
    this.changes = new LeadChangesReader(config.DATABASE_URL);
    this.subscription = new ChangesSubscription(redis, redisAvailability, logger);
    const catchUp = () => void this.catchUp();
    this.wholeLoad = new WholeLoad({ cell, config, logger, changes: this.changes, ended: catchUp });
    this.catchUps = new CatchUp({
      cell,
      logger,
      changes: this.changes,
      loadWhole: () => void this.wholeLoad.start().catch((error) => warnUnlessUnreachable(logger, error, 'lead index reload failed')),
      merge: (reason) => startMerge({ cell, config, logger, ended: catchUp }, reason),
      databaseBack: () => {
        postgres.reportUnreachable();
        return postgres.whenBack();
      },
    });
  }

  /** The table, waiting for it as long as its load takes (jobs). */
  async table(): Promise<LiveLeadTable> {
    return servedNow(this.state)?.live ?? this.wholeLoad.start();
  }

  /**
   * The table for a request, which waits for a table still loading only LEAD_TABLE_WAIT_MS and then
   * answers LEADS_SOURCE_DOWN with Retry-After, rather than hang for the minute a large load takes.
   */
  async tableForRequest(): Promise<LiveLeadTable> {
    const served = servedNow(this.state);
    if (served) return served.live;
    const loading = this.wholeLoad.start();
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
    throw new DomainError('LEADS_SOURCE_DOWN', `The lead table is loading (${loadingText(this.state)}); retry shortly.`, {
      retryAfterSeconds: LOADING_RETRY_AFTER_SECONDS,
    });
  }

  /**
   * Starts loading now, at boot, so the first request finds the table ready; or takes over a load
   * started before the engine booted, which read the snapshot while the modules were loading.
   */
  startLoading(started: LeadTableLoader | null = null): void {
    this.wholeLoad.takeOver(started);
    this.wholeLoad.start().catch(() => undefined);
  }

  health(): LeadTableHealth {
    return leadTableHealth(this.state, Date.now());
  }

  /** What /metrics reads of the table, as it stands. */
  measures(): LeadTableMeasures {
    return leadTableMeasures(this.state, Date.now());
  }

  /** Brings the table up to the database's lead data (see CatchUp). */
  catchUp(): Promise<void> {
    return this.catchUps.request();
  }

  listenForChanges(): void {
    this.subscription.listen(`${this.config.REDIS_KEY_PREFIX}:contacts-changed`, () => void this.catchUp());
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscription.close();
    await this.changes.close();
  }
}
