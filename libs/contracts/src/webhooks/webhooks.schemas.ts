import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';

export const MAX_WEBHOOK_ENDPOINTS = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
export const DEFAULT_CREDITS_LOW_THRESHOLD = 100;
// Stored in an integer column; far above any balance an account holds.
export const MAX_CREDITS_LOW_THRESHOLD = 1_000_000_000;
/** How long the secret replaced by a rotation still verifies signatures. */
export const PREVIOUS_WEBHOOK_SECRET_TTL_HOURS = 24;

export const WEBHOOK_EVENT_TYPES = [
  'export.completed',
  'export.failed',
  'enrichment.completed',
  'enrichment.failed',
  'scrape.completed',
  'credits.low',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

const webhookUrlSchema = z
  .string()
  .max(MAX_WEBHOOK_URL_LENGTH)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an absolute http:// or https:// URL')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'must not contain a user name or password (user:pass@): verify the webhook-signature header instead')
  .meta({
    format: 'uri',
    description:
      'Where events are POSTed: an absolute http:// or https:// URL without user:pass@, at most 2048 characters, whose host is a public address',
  });

const eventList = z
  .union([webhookEventTypeSchema, z.array(webhookEventTypeSchema).min(1).meta({ uniqueItems: true })])
  .transform((value) => (typeof value === 'string' ? [value] : value))
  .refine((events) => new Set(events).size === events.length, 'must not list an event twice')
  .describe(`Events to receive, each at most once: ${WEBHOOK_EVENT_TYPES.join(', ')}; a single string is a one-element list`);

const descriptionSchema = z
  .string()
  .max(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  .nullable()
  .describe('Free text for the account, at most 500 characters');

const creditsLowThresholdSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_CREDITS_LOW_THRESHOLD)
  .describe(
    `credits.low fires when the balance falls below this many credits (default ${DEFAULT_CREDITS_LOW_THRESHOLD}); only with the credits.low event`,
  );

const thresholdNeedsCreditsLow = (body: { events?: WebhookEventType[]; creditsLowThreshold?: number | null }, context: z.RefinementCtx) => {
  // Runs even when other keys failed, so it reads only what parsed.
  if (Array.isArray(body.events) && typeof body.creditsLowThreshold === 'number' && !body.events.includes('credits.low')) {
    context.addIssue({ code: 'custom', path: ['creditsLowThreshold'], message: 'is only allowed with the credits.low event' });
  }
};

export const webhookCreateRequestSchema = z
  .strictObject({
    url: webhookUrlSchema,
    events: eventList,
    description: descriptionSchema.optional(),
    creditsLowThreshold: creditsLowThresholdSchema.optional(),
  })
  .superRefine(thresholdNeedsCreditsLow)
  .meta({ id: 'WebhookCreateRequest' });
export type WebhookCreateRequest = z.infer<typeof webhookCreateRequestSchema>;
export type WebhookCreateRequestInput = z.input<typeof webhookCreateRequestSchema>;

export const webhookUpdateRequestSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    events: eventList.optional(),
    enabled: z.boolean().optional().describe('false stops deliveries; true resumes them and clears disabledReason'),
    description: descriptionSchema.optional(),
    creditsLowThreshold: creditsLowThresholdSchema
      .nullable()
      .optional()
      .describe(
        'credits.low fires when the balance falls below this many credits; only while the endpoint receives credits.low; null restores the default (100)',
      ),
  })
  .superRefine(thresholdNeedsCreditsLow)
  .refine(
    (body) => typeof body !== 'object' || body === null || Object.keys(body).length > 0,
    'give at least one of url, events, enabled, description, creditsLowThreshold',
  )
  .meta({ id: 'WebhookUpdateRequest', minProperties: 1 });
export type WebhookUpdateRequest = z.infer<typeof webhookUpdateRequestSchema>;
export type WebhookUpdateRequestInput = z.input<typeof webhookUpdateRequestSchema>;

/** Path ids are checked by the engine itself: a malformed one is BAD_ID, an unknown one NOT_FOUND. */
export const webhookIdParamsSchema = z.strictObject({ id: z.string().describe('Webhook endpoint id (uuid)') });
export type WebhookIdParams = z.infer<typeof webhookIdParamsSchema>;

const endpointShape = {
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  description: z.string().nullable(),
  enabled: z.boolean().describe('Whether events are delivered to this endpoint'),
  creditsLowThreshold: z
    .number()
    .int()
    .nullable()
    .describe('Balance below which credits.low fires; null unless the endpoint receives credits.low'),
  disabledReason: z.string().nullable().describe('Why the engine disabled the endpoint by itself; null otherwise'),
  secretRotatedAt: isoDateTime.nullable().describe('When the signing secret was last rotated; null if never'),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
};

export const webhookEndpointSchema = z.strictObject(endpointShape).meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

const secretSchema = z
  .string()
  .describe('Signing secret (Standard Webhooks: whsec_ + base64 of 24 random bytes). Shown only in this response: store it now');

export const webhookEndpointCreatedSchema = z
  .strictObject({ ...endpointShape, secret: secretSchema })
  .meta({ id: 'WebhookEndpointCreated' });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookSecretRotatedSchema = z
  .strictObject({
    ...endpointShape,
    secret: secretSchema,
    previousSecretExpiresAt: isoDateTime.describe(
      'Until then signatures are also made with the previous secret, so receivers can switch without losing events (24 hours)',
    ),
  })
  .meta({ id: 'WebhookSecretRotated' });
export type WebhookSecretRotated = z.infer<typeof webhookSecretRotatedSchema>;

export const webhookEndpointListSchema = z
  .strictObject({ webhooks: z.array(webhookEndpointSchema).describe('Every endpoint of the account (at most 20), newest first') })
  .meta({ id: 'WebhookEndpointList' });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;
