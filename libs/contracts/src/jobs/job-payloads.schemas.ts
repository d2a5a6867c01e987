import { z } from 'zod';

export const QUEUE_NAMES = {
  exports: 'exports',
  scrape: 'scrape',
  enrichment: 'enrichment',
  billing: 'billing',
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

export const exportJobPayloadSchema = z.strictObject({ exportId: z.uuid() });
export const scrapeJobPayloadSchema = z.strictObject({ jobId: z.uuid() });
export const enrichmentJobPayloadSchema = z.strictObject({ jobId: z.uuid() });
export const planRefillJobPayloadSchema = z.strictObject({});

export type ExportJobPayload = z.infer<typeof exportJobPayloadSchema>;
export type ScrapeJobPayload = z.infer<typeof scrapeJobPayloadSchema>;
export type EnrichmentJobPayload = z.infer<typeof enrichmentJobPayloadSchema>;
export type PlanRefillJobPayload = z.infer<typeof planRefillJobPayloadSchema>;
