import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fromTransferable, LeadTable } from '@lead-engine/core';
import type { LoadThreadData, LoadThreadMessage } from './load-thread-messages';

/** The engine's tests run it from TypeScript sources, but a thread always runs the compiled script. */
function threadScript(): string {
  const beside = path.join(__dirname, 'lead-table-load.thread.js');
  return existsSync(beside) ? beside : path.resolve(__dirname, '../../../dist/modules/leads/lead-table-load.thread.js');
}

/** Past this the thread's heap is not bounded at all: a table that needs more is loaded anyway. */
const LARGEST_BOUNDED_HEAP_MB = 4096;

export interface ThreadLoadedTable {
  table: LeadTable;
  dataVersion: string;
  snapshot: { written: string } | { failed: string } | null;
}

export interface ThreadLoadOptions extends LoadThreadData {
  heapLimitMb: number;
  onProgress?: (loaded: number, total: number) => void;
  onRetry?: (heapLimitMb: number) => void;
}

/**
 * Loads the lead table in a thread of its own: the millions of short-lived row objects of the load
 * live and die in the thread's heap, whose size is bounded, instead of swelling the engine's heap,
 * and requests keep being served while it loads. Data whose dictionaries (distinct titles) outgrow
 * the bound is loaded again with four times the heap.
 */
export async function loadLeadTableInThread(options: ThreadLoadOptions): Promise<ThreadLoadedTable> {
  for (
    let limit: number | null = options.heapLimitMb;
    ;
    limit = limit !== null && limit * 4 <= LARGEST_BOUNDED_HEAP_MB ? limit * 4 : null
  ) {
    try {
      return await loadOnce(options, limit);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY' || limit === null) throw error;
      options.onRetry?.(limit);
    }
  }
}

function loadOnce(options: ThreadLoadOptions, heapLimitMb: number | null): Promise<ThreadLoadedTable> {
  const workerData: LoadThreadData = { databaseUrl: options.databaseUrl, snapshotRoot: options.snapshotRoot };
  return new Promise((resolve, reject) => {
    const worker = new Worker(threadScript(), {
      workerData,
      resourceLimits: heapLimitMb === null ? {} : { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    worker.on('message', (message: LoadThreadMessage) => {
      if ('progress' in message) return options.onProgress?.(message.progress.loaded, message.progress.total);
      settled = true;
      if ('table' in message)
        resolve({ table: fromTransferable(message.table), dataVersion: message.dataVersion, snapshot: message.snapshot });
      else reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
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
