import { QUEUE_NAMES, WebhookDeliveryJobPayload, webhookDeliveryJobPayloadSchema } from '@lead-engine/contracts';
import type { JobKind } from '../../../../infrastructure/jobs/job-kind';

/** One attempt of one delivery (Bull job `<delivery>:<attempt>`); PostgreSQL holds the delivery and when its next attempt is due. */
export const WEBHOOK_DELIVERY_JOB: JobKind<WebhookDeliveryJobPayload> = {
  queue: QUEUE_NAMES.webhooks,
  name: 'deliver-webhook',
  payload: webhookDeliveryJobPayloadSchema,
  noun: 'webhook delivery',
  plural: 'webhook deliveries',
};
