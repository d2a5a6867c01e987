import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import {
  adoptDelta,
  appendDelta,
  baseSize,
  companiesOf,
  compactDeltas,
  deltaSize,
  deltasToFold,
  DomainError,
  fromTransferable,
  LiveLeadTable,
  liveSize,
  liveTable,
  reasonToMerge,
} from '@lead-engine/core';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { duplicateForSubscribing } from '../../infrastructure/redis/create-redis-client';
import { RedisAvailability } from '../../infrastructure/redis/redis-availability';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import type { LeadTableHealth } from '@lead-engine/contracts';
import { datasetOf, versionNumber } from './lead-data-version';
import { mergeDeltasIntoSegments, MergeTarget } from './merge-segments';
import { writeLeadTableSnapshot } from './snapshot/lead-table-snapshot-file';
import { snapshotDirectoryFor } from './snapshot/snapshot-directory';
import { LeadChangesReader, ReadChanges } from './threads/lead-changes-reader';
import { LeadTableLoader, LeadTableOrigin, startLeadTableLoad, ThreadLoadedTable } from './threads/lead-table-loader';

/** Whether two live tables come from one load: deltas and merges keep its company store, a whole load makes a new one. */
const sameLoad = (left: LiveLeadTable, right: LiveLeadTable) => companiesOf(left) === companiesOf(right);

/** What a client is asked to wait when the table is still loading. */
const LOADING_RETRY_AFTER_SECONDS = 2;

/** Past this many deltas the newest are folded together (see deltasToFold). */
const MOST_DELTAS = 8;

export interface LeadTableMeasures {
  ready: boolean;
  contacts: number;
  segments: number;
  deltas: number;
  secondsSinceChange: number | null;
  snapshotAgeSeconds: number | null;
  lastLoadSeconds: number | null;
  lastMergeSeconds: number | null;
}

interface Served extends LeadTableOrigin {
  live: LiveLeadTable;
  loadedAt: Date;
}

/**
 * The contacts as an in-memory columnar table, held in segments of ascending seq ranges. An engine
 * that serves HTTP loads it at boot: from its snapshot on local disk when that was written at the
 * database's current lead data version (or one a delta can catch up from), else from PostgreSQL
 * (writing a new snapshot). When an import announces changed contacts, only the contacts written since
 * the table's version are read and added as a delta (a live table). Once the deltas pass 5% of the
 * table they are merged into the segments in the background, one segment at a time, and a fresh
 * snapshot is written. The table is loaded again whole, in its thread, only when the changes are more
 * than a delta can say (removals, a company's profile, another dataset; see whole-load-reasons).
 * Requests are answered by the table as it stands at every moment.
 */
@Injectable()
export class LeadIndex implements OnApplicationShutdown {
  private readonly logger = new Logger(LeadIndex.name);
  private current: Served | null = null;
  private loading: Promise<LiveLeadTable> | null = null;
  private catchingUp: Promise<void> | null = null;
  /** The merge of the deltas into the segments under way. */
  private merging: Promise<void> | null = null;
  private catchUpWanted = false;
  /** The thread load under way, whose progress /health reports. */
  private threadLoad: LeadTableLoader | null = null;
  /** A load main started before the engine booted, which the first load takes over. */
  private bootLoad: LeadTableLoader | null = null;
  private lastFailure: string | null = null;
  /** When the table last changed (a load, a delta, a merge), and how long the last load and merge took, for /metrics. */
  private changedAt: number | null = null;
  private lastLoadMs: number | null = null;
  private lastMergeMs: number | null = null;
  private subscriber: Redis | null = null;
  private readonly changesReader: LeadChangesReader;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly redisAvailability: RedisAvailability,
  ) {
    this.changesReader = new LeadChangesReader(config.DATABASE_URL);
  }

  /** The table, waiting for it as long as its load takes (jobs). */
  async table(): Promise<LiveLeadTable> {
    if (this.current) return this.current.live;
    return this.load();
  }

  /**
   * The table for a request, which waits for a table still loading only LEAD_TABLE_WAIT_MS and then
   * answers LEADS_SOURCE_DOWN with Retry-After, rather than hang for the minute a large load takes.
   */
  async tableForRequest(): Promise<LiveLeadTable> {
    if (this.current) return this.current.live;
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
  startLoading(started: LeadTableLoader | null = null): void {
    this.bootLoad = started;
    this.load().catch(() => undefined);
  }

  state(): LeadTableHealth {
    if (this.current) {
      const { live } = this.current;
      return {
        state: 'ready',
        contacts: liveSize(live),
        source: this.current.source,
        loadedAt: this.current.loadedAt.toISOString(),
        snapshotAgeSeconds:
          this.current.snapshotWrittenAt === null
            ? null
            : Math.max(0, Math.round((Date.now() - this.current.snapshotWrittenAt.getTime()) / 1000)),
        reloading: this.loading !== null,
        merging: this.merging !== null,
        segments: live.segments.length,
        dataVersion: this.current.dataVersion,
        deltas: live.deltas.length,
        deltaContacts: deltaSize(live),
      };
    }
    const progress = this.threadLoad?.progress;
    if (this.loading && progress)
      return { state: 'loading', source: progress.source, loadedContacts: progress.loaded, totalContacts: progress.total };
    if (this.loading) return { state: 'loading', source: null, loadedContacts: 0, totalContacts: null };
    if (this.lastFailure) return { state: 'failed', reason: this.lastFailure };
    return { state: 'not-loaded' };
  }

  /** What /metrics reads of the table, as it stands. */
  measures(): LeadTableMeasures {
    const live = this.current?.live;
    const writtenAt = this.current?.snapshotWrittenAt;
    return {
      ready: live !== undefined,
      contacts: live ? liveSize(live) : 0,
      segments: live ? live.segments.length : 0,
      deltas: live ? live.deltas.length : 0,
      secondsSinceChange: this.changedAt === null ? null : (Date.now() - this.changedAt) / 1000,
      snapshotAgeSeconds: writtenAt ? (Date.now() - writtenAt.getTime()) / 1000 : null,
      lastLoadSeconds: this.lastLoadMs === null ? null : this.lastLoadMs / 1000,
      lastMergeSeconds: this.lastMergeMs === null ? null : this.lastMergeMs / 1000,
    };
  }

  /**
   * Brings the table up to the database's lead data: the contacts written since its version as a
   * delta, or a whole load when a delta cannot say what changed. Calls during one are folded into one
   * more after it. A table still loading is caught up once it is done.
   */
  catchUp(): Promise<void> {
    if (!this.current) return Promise.resolve();
    if (this.catchingUp) {
      this.catchUpWanted = true;
      return this.catchingUp;
    }
    this.catchingUp = this.applyChanges()
      .catch((error) => this.logger.warn({ err: error }, 'lead changes not applied; the next announcement tries again'))
      .finally(() => {
        this.catchingUp = null;
        if (this.catchUpWanted) {
          this.catchUpWanted = false;
          void this.catchUp();
        }
      });
    return this.catchingUp;
  }

  listenForChanges(): void {
    if (this.subscriber) return;
    const channel = `${this.config.REDIS_KEY_PREFIX}:contacts-changed`;
    this.subscriber = duplicateForSubscribing(this.redis);
    const catchUp = () => void this.catchUp();
    this.subscriber.on('message', catchUp);
    // Announcements made while Redis was away are lost; the changes since the table's version are read anyway.
    this.redisAvailability.onReturn(catchUp);
    this.subscriber.subscribe(channel).catch((error) => this.logger.warn({ err: error }, 'could not subscribe to contacts-changed'));
  }

  private async applyChanges(): Promise<void> {
    const served = this.current!;
    const startedAt = performance.now();
    const read = await this.readChanges(served);
    const now = this.current;
    // A whole load finished meanwhile; it is caught up on its own. A merge step that swapped a segment in meanwhile is no matter.
    if (now === null || !sameLoad(now.live, served.live)) return;
    if (read.loadWholeBecause !== null) {
      // A whole load under way is caught up when done, which asks again whether deltas will do.
      if (this.loading) return;
      this.logger.log({ reason: read.loadWholeBecause, at: now.dataVersion }, 'lead table loading again whole');
      void this.load().catch((error) => this.logger.warn({ err: error }, 'lead index reload failed'));
      return;
    }
    this.current = this.withDelta(now, read, startedAt);
    if (read.delta !== null) this.changedAt = Date.now();
    const mergeBecause = reasonToMerge(this.current.live);
    if (mergeBecause !== null && this.merging === null && this.loading === null) this.merge(mergeBecause);
  }

  /**
   * The changes since the table's version, read and built as a delta in the changes thread when a
   * delta can hold them; else why the table should be loaded whole instead (a change no delta
   * expresses, or one too large for deltas).
   */
  private readChanges(served: Served): Promise<ReadChanges> {
    return this.changesReader.read({
      sinceVersion: versionNumber(served.dataVersion),
      loaded: { dataset: datasetOf(served.dataVersion), reloadVersion: served.reloadVersion },
      baseSize: baseSize(served.live),
    });
  }

  /**
   * The table with the delta read after its others, its companies adopted into the table's store,
   * the newest deltas folded past MOST_DELTAS unless a merge is taking them.
   */
  private withDelta(served: Served, read: ReadChanges, startedAt: number): Served {
    if (read.delta === null) return { ...served, dataVersion: read.dataVersion };
    const adoptedAt = performance.now();
    const delta = adoptDelta(fromTransferable(read.delta)[0], companiesOf(served.live));
    let live = appendDelta(served.live, delta);
    const foldFrom = this.merging === null ? deltasToFold(live, MOST_DELTAS) : null;
    if (foldFrom !== null) live = compactDeltas(live, foldFrom);
    this.logger.log(
      {
        contacts: delta.size,
        from: served.dataVersion,
        to: read.dataVersion,
        deltas: live.deltas.length,
        deltaContacts: deltaSize(live),
        readMs: read.ms,
        adoptMs: Math.round(performance.now() - adoptedAt),
        ms: Math.round(performance.now() - startedAt),
      },
      'lead changes applied',
    );
    return { ...served, live, dataVersion: read.dataVersion };
  }

  /** Merges the deltas into the segments in the background (see mergeDeltasIntoSegments), then writes a snapshot of them. */
  private merge(reason: string): void {
    const start = this.current!;
    const startedAt = performance.now();
    this.logger.log(
      { reason, deltas: start.live.deltas.length, deltaContacts: deltaSize(start.live), segments: start.live.segments.length },
      'lead table merging its changes into its segments',
    );
    const target: MergeTarget = {
      current: () => (this.current !== null && sameLoad(this.current.live, start.live) ? this.current.live : null),
      replace: (live) => (this.current = { ...this.current!, live }),
    };
    this.merging = mergeDeltasIntoSegments(target, this.config.LEAD_SEGMENT_MIN_ROWS)
      .then(async (rebuilt) => {
        if (rebuilt === null) return this.logger.log({ reason: 'the table was loaded again whole' }, 'lead table merge abandoned');
        const { live } = this.current!;
        this.lastMergeMs = performance.now() - startedAt;
        this.changedAt = Date.now();
        this.logger.log(
          {
            rebuilt,
            segments: live.segments.length,
            deltas: live.deltas.length,
            ms: Math.round(performance.now() - startedAt),
            rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
          },
          'lead table segments merged',
        );
        await this.writeSnapshot(live, start);
      })
      .catch((error) => this.logger.warn({ err: error }, 'lead table merge failed; its deltas keep answering'))
      .finally(() => {
        this.merging = null;
        void this.catchUp();
      });
  }

  /**
   * The merged segments hold the contacts as of the version the merge started at (later changes are
   * deltas, masks aside), so they are written as a snapshot of that version for the next start.
   */
  private async writeSnapshot(live: LiveLeadTable, at: Served): Promise<void> {
    const root = this.config.LEAD_SNAPSHOT_DIR;
    if (root === null) return;
    const segments = live.segments.map((segment) => segment.table);
    const directory = snapshotDirectoryFor(root, at.dataVersion);
    const writtenAt = new Date();
    const contacts = segments.reduce((sum, segment) => sum + segment.size, 0);
    try {
      await writeLeadTableSnapshot(directory, segments, {
        dataVersion: at.dataVersion,
        reloadVersion: at.reloadVersion,
        contacts,
        writtenAt: writtenAt.toISOString(),
      });
      if (this.current !== null && sameLoad(this.current.live, live)) this.current = { ...this.current, snapshotWrittenAt: writtenAt };
    } catch (error) {
      this.logger.warn(
        { reason: `${directory}: ${(error as Error).message}` },
        'lead table snapshot not written; the next start loads from PostgreSQL',
      );
    }
  }

  private progressText(): string {
    const progress = this.threadLoad?.progress;
    if (!progress || progress.total === null || progress.source === 'snapshot')
      return progress?.source === 'snapshot' ? 'from its snapshot' : 'starting';
    const percent = progress.total === 0 ? 100 : Math.floor((100 * progress.loaded) / progress.total);
    return `${percent}%, ${progress.loaded.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} contacts`;
  }

  private load(): Promise<LiveLeadTable> {
    if (!this.loading) {
      this.loading = this.build()
        .then(
          (served) => {
            this.current = served;
            this.lastFailure = null;
            this.changedAt = Date.now();
            return served.live;
          },
          (error: Error) => {
            this.lastFailure = error.message;
            throw error;
          },
        )
        .finally(() => {
          this.loading = null;
          this.threadLoad = null;
          // Contacts written after the load read its version, whether or not this process heard of them.
          void this.catchUp();
        });
    }
    return this.loading;
  }

  private async build(): Promise<Served> {
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
    const served: Served = {
      live: liveTable(fromTransferable(loaded.table)),
      dataVersion: loaded.dataVersion,
      reloadVersion: loaded.reloadVersion,
      source: loaded.source,
      loadedAt: new Date(),
      snapshotWrittenAt: loaded.snapshotWrittenAt,
    };
    this.logLoaded(served, loaded.ms);
    this.lastLoadMs = loaded.ms;
    // A table is published with what changed since its version (a snapshot may be older than the
    // database); changes a delta cannot hold, and a merge, are left to the catch-up after.
    const startedAt = performance.now();
    const read = await this.readChanges(served);
    return read.loadWholeBecause === null ? this.withDelta(served, read, startedAt) : served;
  }

  private follow(load: LeadTableLoader): Promise<ThreadLoadedTable> {
    this.threadLoad = load;
    return load.result;
  }

  private startThreadLoad(): LeadTableLoader {
    return startLeadTableLoad(this.config, {
      info: (fields, message) => this.logger.log(fields, message),
      warn: (fields, message) => this.logger.warn(fields, message),
    });
  }

  private logLoaded({ live, source }: Served, ms: number): void {
    const memory = process.memoryUsage();
    this.logger.log(
      {
        source,
        contacts: liveSize(live),
        segments: live.segments.length,
        companies: companiesOf(live).count,
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
    await this.changesReader.close();
  }
}
