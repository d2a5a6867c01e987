import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fromTransferable, LeadTable, TransferableLeadTable } from '@lead-engine/core';

type ThreadAnswer = { table: TransferableLeadTable } | { error: { message: string; code?: string } };

/** The engine's tests run it from TypeScript sources, but a thread always runs the compiled script. */
function threadScript(): string {
  const beside = path.join(__dirname, 'lead-table-load.thread.js');
  return existsSync(beside) ? beside : path.resolve(__dirname, '../../../dist/modules/leads/lead-table-load.thread.js');
}

/** Past this the thread's heap is not bounded at all: a table that needs more is loaded anyway. */
const LARGEST_BOUNDED_HEAP_MB = 4096;

/**
 * Loads the lead table in a thread of its own: the millions of short-lived row objects of the load
 * live and die in the thread's heap, whose size is bounded, instead of swelling the engine's heap,
 * and requests keep being served while it loads. Data whose dictionaries (distinct titles) outgrow
 * the bound is loaded again with four times the heap.
 */
export async function loadLeadTableInThread(
  databaseUrl: string,
  heapLimitMb: number,
  onRetry: (heapLimitMb: number) => void = () => undefined,
): Promise<LeadTable> {
  for (let limit: number | null = heapLimitMb; ; limit = limit !== null && limit * 4 <= LARGEST_BOUNDED_HEAP_MB ? limit * 4 : null) {
    try {
      return await loadOnce(databaseUrl, limit);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY' || limit === null) throw error;
      onRetry(limit);
    }
  }
}

function loadOnce(databaseUrl: string, heapLimitMb: number | null): Promise<LeadTable> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(threadScript(), {
      workerData: { databaseUrl },
      resourceLimits: heapLimitMb === null ? {} : { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    worker.once('message', (answer: ThreadAnswer) => {
      settled = true;
      if ('table' in answer) resolve(fromTransferable(answer.table));
      else reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
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
