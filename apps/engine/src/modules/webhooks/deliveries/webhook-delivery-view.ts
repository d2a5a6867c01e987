import type { WebhookDelivery } from '@lead-engine/contracts';
import type { WebhookDeliveryRecord } from './webhook-deliveries.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toWebhookDelivery(record: WebhookDeliveryRecord): WebhookDelivery {
  return {
    id: record.id,
    event: record.eventType,
    status: record.status,
    attempts: record.attempts,
    lastResponseCode: record.lastResponseCode,
    lastError: record.lastError,
    lastAttemptAt: iso(record.lastAttemptAt),
    nextAttemptAt: record.status === 'pending' ? iso(record.nextAttemptAt) : null,
    deliveredAt: iso(record.deliveredAt),
    createdAt: record.createdAt.toISOString(),
  };
}
