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

/**
 * Loads the lead table in a thread of its own: the millions of short-lived row objects of the load
 * live and die in the thread's heap, whose size is bounded, instead of swelling the engine's heap,
 * and requests keep being served while it loads.
 */
export function loadLeadTableInThread(databaseUrl: string, heapLimitMb: number): Promise<LeadTable> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(threadScript(), {
      workerData: { databaseUrl },
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 16 },
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
