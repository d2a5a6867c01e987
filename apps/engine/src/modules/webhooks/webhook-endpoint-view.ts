import type { WebhookEndpoint } from '@lead-engine/contracts';
import type { WebhookEndpointRecord } from './webhook-endpoints.repository';

export const toWebhookEndpoint = (record: WebhookEndpointRecord): WebhookEndpoint => ({
  id: record.id,
  url: record.url,
  events: record.events,
  description: record.description,
  enabled: record.enabled,
  creditsLowThreshold: record.creditsLowThreshold,
  disabledReason: record.disabledReason,
  secretRotatedAt: record.secretRotatedAt?.toISOString() ?? null,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
});
