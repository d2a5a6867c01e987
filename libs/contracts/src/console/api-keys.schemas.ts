import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';
import { NAME_MAX_LENGTH, visibleName } from '../common/visible-name';

export const apiKeyNameSchema = visibleName(NAME_MAX_LENGTH).describe(
  'What the key is for; 1 to 100 characters, trimmed, without control or invisible format characters (Unicode Cc, Cf)',
);

export const apiKeyCreatorSchema = z
  .strictObject({ id: z.uuid(), name: z.string() })
  .meta({ id: 'ApiKeyCreator', description: 'The console user who created the key' });

export const apiKeyViewSchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().describe('The start of the key (le_live_ and 12 more characters), as the operator CLI takes it'),
    created_at: isoDateTime,
    created_by: apiKeyCreatorSchema
      .nullable()
      .describe(
        'Who created the key (a removed user’s name ends "(removed)"); null: the server’s operator (the CLI or the operator’s Accounts pages)',
      ),
    last_used_at: isoDateTime.nullable().describe('Last request made with the key, at most 60 s behind; null: never used'),
  })
  .meta({ id: 'ApiKeyView' });
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

const credits = z.number().int();

export const apiKeyBudgetSchema = z
  .strictObject({
    total: credits
      .min(0)
      .nullable()
      .describe('Credits the key may charge in all (spends + holds − refunds of its ledger rows); null: no limit'),
    day: credits.min(0).nullable().describe('The same per UTC day, refunds counting on the day they happen; null: no limit'),
    per_call: credits
      .min(0)
      .nullable()
      .describe(
        'The most one call may charge (a reveal: its new leads; a scrape or enrichment: its hold; ICP: 1; an export: its delivery limit); null: no limit',
      ),
    read_only: z.boolean().describe('Free endpoints only: every paid one is refused (402 BUDGET_EXCEEDED) whatever it would cost'),
    expires_at: isoDateTime.nullable().describe('When the key stops working (401 INVALID_API_KEY from then on); null: never'),
    left_total: credits
      .min(0)
      .nullable()
      .describe(
        "What the key may still charge under its total budget, its pending exports' delivery limits taken off; null: no total budget",
      ),
    left_today: credits
      .min(0)
      .nullable()
      .describe("What the key may still charge today (UTC), its pending exports' delivery limits taken off; null: no daily budget"),
  })
  .meta({ id: 'ApiKeyBudget' });
export type ApiKeyBudget = z.infer<typeof apiKeyBudgetSchema>;

export const apiKeyListItemSchema = apiKeyViewSchema
  .extend({
    budget: apiKeyBudgetSchema
      .nullable()
      .describe("The key's budgets, expiry and read-only flag, with what is left; null: none (no limits)"),
    credits_spent_30d: z
      .number()
      .int()
      .min(0)
      .describe('Credits the account paid through the key in the last 30 days: spends and holds, less the refunds of those holds'),
  })
  .meta({ id: 'ApiKeyListItem' });
export type ApiKeyListItem = z.infer<typeof apiKeyListItemSchema>;

export const apiKeyListSchema = z
  .strictObject({
    items: z
      .array(apiKeyListItemSchema)
      .describe(
        "The live keys, newest first: an owner's, every key of the account; a member's, the keys they created. Revoked keys are not listed",
      ),
  })
  .meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const createApiKeyRequestSchema = z.strictObject({ name: apiKeyNameSchema }).meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const createdApiKeySchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    created_at: isoDateTime,
    key: z.string().describe('The whole key, shown this once: only its hash is kept'),
    curl: z.string().describe('A ready command line that uses the key: curl -H "X-API-Key: …" <PUBLIC_URL>/api/v1/credits'),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const renameApiKeyRequestSchema = z.strictObject({ name: apiKeyNameSchema }).meta({ id: 'RenameApiKeyRequest' });
export type RenameApiKeyRequest = z.infer<typeof renameApiKeyRequestSchema>;

/** Checked by the engine itself, so that an unknown and a malformed id both answer 404. */
export const apiKeyParamsSchema = z.strictObject({ id: z.string().describe('Key id (uuid)') });
export type ApiKeyParams = z.infer<typeof apiKeyParamsSchema>;

/** A key's limits as the owner sets them in the app, all at once: each null removes that limit. */
export const apiKeyLimitsRequestSchema = z
  .strictObject({
    total: credits.min(0).nullable().describe('Credits the key may charge in all; null: no limit'),
    day: credits.min(0).nullable().describe('Credits the key may charge per UTC day; null: no limit'),
    per_call: credits.min(0).nullable().describe('The most one call may charge; null: no limit'),
    read_only: z.boolean().describe('Free endpoints only: every paid one is refused (402 BUDGET_EXCEEDED)'),
    expires_at: isoDateTime.nullable().describe('When the key stops working, in the future; null: never'),
  })
  .meta({ id: 'ApiKeyLimitsRequest' });
export type ApiKeyLimitsRequest = z.infer<typeof apiKeyLimitsRequestSchema>;
