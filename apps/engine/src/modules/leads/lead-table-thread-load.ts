import { Worker } from 'node:worker_threads';
import type { TransferableLeadTable } from '@lead-engine/core';
import type { EngineConfig } from '../../config/engine-config.schema';
import type { LoadThreadData, LoadThreadMessage } from './load-thread-messages';
import { threadScript } from '../../infrastructure/threads/thread-script';

/** Past this the thread's heap is not bounded at all: a table that needs more is loaded anyway. */
const LARGEST_BOUNDED_HEAP_MB = 4096;
const HEAP_LIMIT_MB = 256;

export interface ThreadLoadedTable {
  /** The table as posted; fromTransferable makes it segments without copying. */
  table: TransferableLeadTable;
  dataVersion: string;
  reloadVersion: string;
  source: 'snapshot' | 'database';
  snapshotWrittenAt: Date | null;
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

export interface LeadTableLoadOptions extends LoadThreadData {
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
): LeadTableThreadLoad {
  return LeadTableThreadLoad.start({
    databaseUrl: config.DATABASE_URL,
    snapshotRoot: config.LEAD_SNAPSHOT_DIR,
    snapshotFirst: true,
    segmentMinRows: config.LEAD_SEGMENT_MIN_ROWS,
    log,
  });
}

/**
 * One load of the lead table, running in a thread of its own from the moment it is made: the millions
 * of short-lived row objects of a load from PostgreSQL live and die in the thread's bounded heap
 * instead of swelling the engine's, and requests keep being served meanwhile. Data whose dictionaries
 * (distinct titles) outgrow the bound is loaded again with four times the heap.
 */
export class LeadTableThreadLoad {
  progress: LeadTableLoadProgress;
  readonly result: Promise<ThreadLoadedTable>;
  private readonly startedAt = Date.now();

  private constructor(private readonly options: LeadTableLoadOptions) {
    this.progress = { source: options.snapshotRoot !== null && options.snapshotFirst ? 'snapshot' : 'database', loaded: 0, total: null };
    this.result = this.run();
    // A load started at boot is taken over later; until then its failure (a database not created yet) is no crash.
    this.result.catch(() => undefined);
  }

  static start(options: LeadTableLoadOptions): LeadTableThreadLoad {
    return new LeadTableThreadLoad(options);
  }

  private async run(): Promise<ThreadLoadedTable> {
    let data: LoadThreadData = this.options;
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

  private runThread(workerData: LoadThreadData, heapLimitMb: number | null): Promise<ThreadLoadedTable> {
    const { log } = this.options;
    return new Promise((resolve, reject) => {
      const worker = new Worker(threadScript('modules/leads/lead-table-load.thread.js'), {
        workerData: {
          databaseUrl: workerData.databaseUrl,
          snapshotRoot: workerData.snapshotRoot,
          snapshotFirst: workerData.snapshotFirst,
          segmentMinRows: workerData.segmentMinRows,
        },
        resourceLimits: heapLimitMb === null ? {} : { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 16 },
      });
      let settled = false;
      worker.on('message', (message: LoadThreadMessage) => {
        if ('progress' in message) {
          this.progress = { source: 'database', ...message.progress };
          return;
        }
        if ('snapshotRefused' in message) {
          const { refused, detail, directory } = message.snapshotRefused;
          log.info({ reason: refused, detail, directory }, 'lead table snapshot not used; loading from PostgreSQL');
          this.progress = { source: 'database', loaded: 0, total: null };
          return;
        }
        settled = true;
        if ('error' in message) return reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
        if (message.snapshotFailure !== null)
          log.warn({ reason: message.snapshotFailure }, 'lead table snapshot not written; the next start loads from PostgreSQL');
        resolve({
          table: message.table,
          dataVersion: message.dataVersion,
          reloadVersion: message.reloadVersion,
          source: message.source,
          snapshotWrittenAt: message.snapshotWrittenAt === null ? null : new Date(message.snapshotWrittenAt),
          ms: Date.now() - this.startedAt,
        });
      });
      worker.once('error', (error) => {
        settled = true;
        reject(error);
      });
      worker.once('exit', (code) => {
        if (!settled) reject(new Error(`lead table thread exited with code ${code} before answering`));
      });
    });
  }
}
