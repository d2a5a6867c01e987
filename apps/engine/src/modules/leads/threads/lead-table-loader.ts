import type { TransferableLeadTable } from '@lead-engine/core';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ThreadClient } from '../../../infrastructure/threads/thread-client';
import type { SnapshotRefusalNote } from '../snapshot/read-current-snapshot';

/** Past this the thread's heap is not bounded at all: a table that needs more is loaded anyway. */
const LARGEST_BOUNDED_HEAP_MB = 4096;
const HEAP_LIMIT_MB = 256;

/** What the loading thread is given (its workerData). */
export interface LeadTableLoadData {
  databaseUrl: string;
  /** LEAD_SNAPSHOT_DIR, or null when snapshots are off. */
  snapshotRoot: string | null;
  /** Whether a snapshot at the database's current lead data version is tried before PostgreSQL. */
  snapshotFirst: boolean;
  /** LEAD_SEGMENT_MIN_ROWS. */
  segmentMinRows: number;
}

/** What the loading thread says, in order: progress and a refused snapshot, then the table or why not. */
export type LeadTableLoadMessage =
  | { progress: { loaded: number; total: number } }
  | { snapshotRefused: SnapshotRefusalNote }
  | {
      table: TransferableLeadTable;
      dataVersion: string;
      reloadVersion: string;
      source: 'snapshot' | 'database';
      /** When the snapshot the table came from, or the one written after reading it, was written. */
      snapshotWrittenAt: string | null;
      /** Why the snapshot could not be written after a load from PostgreSQL. */
      snapshotFailure: string | null;
    }
  | { error: { message: string; code?: string } };

/** What lead data a table holds and where it was read from. */
export interface LeadTableOrigin {
  /** The lead data version (dataset:version) the table answers at, and the reload version it was loaded at. */
  dataVersion: string;
  reloadVersion: string;
  source: 'snapshot' | 'database';
  snapshotWrittenAt: Date | null;
}

export interface ThreadLoadedTable extends LeadTableOrigin {
  /** The table as posted; fromTransferable makes it segments without copying. */
  table: TransferableLeadTable;
  /** Milliseconds from the start of the load to the table. */
  ms: number;
}

export interface LeadTableLoadProgress {
  source: 'snapshot' | 'database';
  loaded: number;
  total: number | null;
}

/** Where a load says what an operator should know: pino's shape, which the engine's loggers share. */
export interface LoadLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface LeadTableLoadOptions extends LeadTableLoadData {
  log: LoadLog;
  /** The thread's first heap bound; 256 MB unless a test asks for less. */
  heapLimitMb?: number;
}

/**
 * A load of the lead table as this engine's settings say: its snapshot first, unless snapshots are off.
 * It needs nothing but the settings, so main can start it before the engine's modules load.
 */
export function startLeadTableLoad(
  config: Pick<EngineConfig, 'DATABASE_URL' | 'LEAD_SNAPSHOT_DIR' | 'LEAD_SEGMENT_MIN_ROWS'>,
  log: LoadLog,
): LeadTableLoader {
  return LeadTableLoader.start({
    databaseUrl: config.DATABASE_URL,
    snapshotRoot: config.LEAD_SNAPSHOT_DIR,
    snapshotFirst: true,
    segmentMinRows: config.LEAD_SEGMENT_MIN_ROWS,
    log,
  });
}

/**
 * One load of the lead table, running in a thread of its own (lead-table-load.thread) from the moment
 * it is made: the millions of short-lived row objects of a load from PostgreSQL live and die in the
 * thread's bounded heap instead of swelling the engine's, and requests keep being served meanwhile.
 * Data whose dictionaries (distinct titles) outgrow the bound is loaded again with four times the heap.
 */
export class LeadTableLoader {
  private latest: LeadTableLoadProgress;
  private watchers: ((progress: LeadTableLoadProgress) => void)[] = [];
  readonly result: Promise<ThreadLoadedTable>;
  private readonly startedAt = Date.now();

  private constructor(private readonly options: LeadTableLoadOptions) {
    this.latest = { source: options.snapshotRoot !== null && options.snapshotFirst ? 'snapshot' : 'database', loaded: 0, total: null };
    this.result = this.run();
    // A load started at boot is taken over later; until then its failure (a database not created yet) is no crash.
    this.result.catch(() => undefined);
  }

  static start(options: LeadTableLoadOptions): LeadTableLoader {
    return new LeadTableLoader(options);
  }

  /** How far the load has come. */
  get progress(): LeadTableLoadProgress {
    return this.latest;
  }

  /** Tells `watcher` how far the load has come, now and at every step after. */
  watch(watcher: (progress: LeadTableLoadProgress) => void): void {
    this.watchers.push(watcher);
    watcher(this.latest);
  }

  private report(progress: LeadTableLoadProgress): void {
    this.latest = progress;
    for (const watcher of this.watchers) watcher(progress);
  }

  private async run(): Promise<ThreadLoadedTable> {
    const { databaseUrl, snapshotRoot, snapshotFirst, segmentMinRows } = this.options;
    let data: LeadTableLoadData = { databaseUrl, snapshotRoot, snapshotFirst, segmentMinRows };
    for (
      let limit: number | null = this.options.heapLimitMb ?? HEAP_LIMIT_MB;
      ;
      limit = limit !== null && limit * 4 <= LARGEST_BOUNDED_HEAP_MB ? limit * 4 : null
    ) {
      try {
        return await this.runThread(data, limit);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY' || limit === null) throw error;
        this.options.log.warn({ heapLimitMb: limit }, 'lead table did not fit the loading thread’s heap; loading again with more');
        // The snapshot was refused already, or the table would not have needed a load.
        data = { ...data, snapshotFirst: false };
      }
    }
  }

  private async runThread(data: LeadTableLoadData, heapLimitMb: number | null): Promise<ThreadLoadedTable> {
    const { log } = this.options;
    const thread = new ThreadClient<never, LeadTableLoadMessage>('modules/leads/threads/lead-table-load.thread.js', {
      name: 'lead table thread',
      workerData: data,
      resourceLimits: heapLimitMb === null ? {} : { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 16 },
    });
    for (;;) {
      const message = await thread.next();
      if ('progress' in message) {
        this.report({ source: 'database', ...message.progress });
      } else if ('snapshotRefused' in message) {
        const { refused, detail, directory } = message.snapshotRefused;
        log.info({ reason: refused, detail, directory }, 'lead table snapshot not used; loading from PostgreSQL');
        this.report({ source: 'database', loaded: 0, total: null });
      } else if ('error' in message) {
        throw Object.assign(new Error(message.error.message), { code: message.error.code });
      } else {
        if (message.snapshotFailure !== null)
          log.warn({ reason: message.snapshotFailure }, 'lead table snapshot not written; the next start loads from PostgreSQL');
        return {
          table: message.table,
          dataVersion: message.dataVersion,
          reloadVersion: message.reloadVersion,
          source: message.source,
          snapshotWrittenAt: message.snapshotWrittenAt === null ? null : new Date(message.snapshotWrittenAt),
          ms: Date.now() - this.startedAt,
        };
      }
    }
  }
}
