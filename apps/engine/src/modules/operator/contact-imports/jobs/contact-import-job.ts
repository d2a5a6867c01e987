import { ContactImportJobPayload, contactImportJobPayloadSchema, QUEUE_NAMES } from '@lead-engine/contracts';
import type { DurableJobKind } from '../../../../infrastructure/jobs/job-kind';

/** Imports take the lead table's writers whole: one at a time per worker. */
export const CONTACT_IMPORT_JOB: DurableJobKind<ContactImportJobPayload> = {
  queue: QUEUE_NAMES.contacts,
  name: 'run-contact-import',
  payload: contactImportJobPayloadSchema,
  noun: 'contact import',
  plural: 'contact imports',
  concurrency: 1,
  payloadOf: (importId) => ({ importId }),
};
