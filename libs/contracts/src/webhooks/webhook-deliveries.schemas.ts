import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';
import { webhookEventTypeSchema } from './webhooks.schemas';

export const MAX_DELIVERIES_PAGE = 100;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusSchema = z
  .enum(WEBHOOK_DELIVERY_STATUSES)
  .describe(
    'pending: not yet answered with 2xx and still retried; delivered: a 2xx came back; failed: retries ran out (or the endpoint was disabled)',
  );

/** What the engine POSTs: the job's status object as its status endpoint returns it, with the event's type and time. */
export const webhookEventSchema = z
  .strictObject({
    type: webhookEventTypeSchema,
    timestamp: isoDateTime.describe('When the event happened (the job settled, the balance crossed the threshold)'),
    data: z
      .record(z.string(), z.unknown())
      .describe("The job's status object, as its status endpoint returns it; for credits.low the balance"),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const webhookDeliveryParamsSchema = z.strictObject({
  id: z.string().describe('Webhook endpoint id (uuid)'),
  deliveryId: z.string().describe('Delivery id (uuid); also the webhook-id header of every attempt'),
});
export type WebhookDeliveryParams = z.infer<typeof webhookDeliveryParamsSchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_DELIVERIES_PAGE).default(25).describe('Deliveries per page, 1 to 100'),
  cursor: z.uuid().optional().describe('The previous page’s nextCursor: the deliveries older than it'),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

export const webhookDeliverySchema = z
  .strictObject({
    id: z.uuid().describe('Also the webhook-id header of every attempt, so a receiver can drop repeats'),
    event: webhookEventTypeSchema,
    status: webhookDeliveryStatusSchema,
    attempts: z.number().int().describe('Attempts made so far'),
    lastResponseCode: z.number().int().nullable().describe('HTTP status of the last attempt; null when none answered'),
    lastError: z
      .string()
      .nullable()
      .describe('Why the last attempt failed when no status came back (timeout, refused address, connection)'),
    lastAttemptAt: isoDateTime.nullable(),
    nextAttemptAt: isoDateTime.nullable().describe('When a pending delivery is tried next; null otherwise'),
    deliveredAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z
  .strictObject({
    deliveries: z.array(webhookDeliverySchema).describe('Newest first'),
    nextCursor: z.uuid().nullable().describe('Pass as cursor for the next (older) page; null on the last page'),
  })
  .meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
