import { z } from 'zod';

export const QUEUE_NAMES = {
  exports: 'exports',
  scrape: 'scrape',
  enrichment: 'enrichment',
  billing: 'billing',
  webhooks: 'webhooks',
  contacts: 'contacts',
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

export const exportJobPayloadSchema = z.strictObject({ exportId: z.uuid() });
export const scrapeJobPayloadSchema = z.strictObject({ jobId: z.uuid() });
export const enrichmentJobPayloadSchema = z.strictObject({ jobId: z.uuid() });
export const planRefillJobPayloadSchema = z.strictObject({});
export const contactImportJobPayloadSchema = z.strictObject({ importId: z.uuid() });
/** One attempt of one delivery: a retry is another Bull job for the same delivery. */
export const webhookDeliveryJobPayloadSchema = z.strictObject({
  deliveryId: z.uuid(),
  endpointId: z.uuid(),
  attempt: z.number().int().min(1),
});

export type ExportJobPayload = z.infer<typeof exportJobPayloadSchema>;
export type ScrapeJobPayload = z.infer<typeof scrapeJobPayloadSchema>;
export type EnrichmentJobPayload = z.infer<typeof enrichmentJobPayloadSchema>;
export type ContactImportJobPayload = z.infer<typeof contactImportJobPayloadSchema>;
export type PlanRefillJobPayload = z.infer<typeof planRefillJobPayloadSchema>;
export type WebhookDeliveryJobPayload = z.infer<typeof webhookDeliveryJobPayloadSchema>;
