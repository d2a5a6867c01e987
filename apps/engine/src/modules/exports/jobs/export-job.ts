import { ExportJobPayload, exportJobPayloadSchema, QUEUE_NAMES } from '@lead-engine/contracts';
import type { DurableJobKind } from '../../../infrastructure/jobs/job-kind';

/** An export is produced one at a time per worker. */
export const EXPORT_JOB: DurableJobKind<ExportJobPayload> = {
  queue: QUEUE_NAMES.exports,
  name: 'run-export',
  payload: exportJobPayloadSchema,
  noun: 'export',
  plural: 'exports',
  concurrency: 1,
  payloadOf: (exportId) => ({ exportId }),
};
