import { parentPort, workerData } from 'node:worker_threads';
import { toTransferable } from '@lead-engine/core';
import { loadLeadTable } from './load-lead-table';

/** Thread entry: loads the table and posts it back, its columns transferred rather than copied. */
loadLeadTable((workerData as { databaseUrl: string }).databaseUrl).then(
  (loaded) => {
    const { table, transfer } = toTransferable(loaded);
    parentPort!.postMessage({ table }, transfer);
  },
  (error: Error & { code?: string }) => parentPort!.postMessage({ error: { message: error.message, code: error.code } }),
);
