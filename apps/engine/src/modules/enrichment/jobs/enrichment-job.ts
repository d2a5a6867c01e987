import { EnrichmentJobPayload, enrichmentJobPayloadSchema, QUEUE_NAMES } from '@lead-engine/contracts';
import type { DurableJobKind } from '../../../infrastructure/jobs/job-kind';

/** Two enrichments per worker side by side; each works on ENRICHMENT_CONCURRENCY rows at once. */
export const ENRICHMENT_JOB: DurableJobKind<EnrichmentJobPayload> = {
  queue: QUEUE_NAMES.enrichment,
  name: 'run-enrichment',
  payload: enrichmentJobPayloadSchema,
  noun: 'enrichment',
  plural: 'enrichment jobs',
  concurrency: 2,
  payloadOf: (jobId) => ({ jobId }),
};
