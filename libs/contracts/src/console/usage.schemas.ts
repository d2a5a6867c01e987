import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';
import { csvFlavourShape } from '../common/csv-download.schemas';

/** What a ledger row paid for (or where credits came from), read from its reference. */
export const usageKindSchema = z
  .enum(['reveal', 'export', 'scrape', 'enrichment', 'icp', 'allowance'])
  .describe('reveal, export, scrape, enrichment, icp; allowance: credits added (welcome, trial, plan, operator) or a lapsed trial');
export type UsageKind = z.infer<typeof usageKindSchema>;
export const USAGE_KINDS = usageKindSchema.options;

export const ledgerMovementSchema = z
  .enum(['grant', 'spend', 'hold', 'refund'])
  .describe('grant adds credits; spend and hold take them; refund gives a hold back');
export type LedgerMovement = z.infer<typeof ledgerMovementSchema>;

const utcDay = z.iso.date().describe('A UTC day, YYYY-MM-DD');

export const usageQuerySchema = z
  .strictObject({
    kind: z
      .union([usageKindSchema, z.array(usageKindSchema)])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional()
      .describe('Only these kinds (repeat the parameter for several)'),
    key: z.uuid().optional().describe('Only entries made through this API key'),
    user: z.uuid().optional().describe('Only entries this user made: through keys they created, or in the app'),
    job: z
      .string()
      .regex(/^(export|scrape|enrichment):[0-9a-f-]{36}$/)
      .optional()
      .describe('Only the entries of one job: export:<id>, scrape:<id> or enrichment:<id>'),
    from: utcDay.optional().describe('From this UTC day, included'),
    to: utcDay.optional().describe('To this UTC day, included'),
    cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
    limit: z.coerce.number().int().min(1).max(200).default(50).describe('Entries per page, 1 to 200'),
  })
  .meta({ id: 'UsageQuery' });
export type UsageQuery = z.infer<typeof usageQuerySchema>;
export type UsageQueryInput = z.input<typeof usageQuerySchema>;

export const usageJobSchema = z
  .strictObject({ type: z.enum(['export', 'scrape', 'enrichment']), id: z.uuid() })
  .meta({ id: 'UsageJob', description: 'The job the entry belongs to' });
export type UsageJob = z.infer<typeof usageJobSchema>;

export const usageEntrySchema = z
  .strictObject({
    id: z.string().describe('The ledger row; larger is newer'),
    created_at: isoDateTime,
    movement: ledgerMovementSchema,
    kind: usageKindSchema,
    amount: z.number().int().min(1).describe('Credits moved'),
    change: z.number().int().describe('What the entry did to the balance: positive for a grant or refund, negative for a spend or hold'),
    description: z.string().describe('What it paid for, in words: "Reveal of 37 leads", "Scrape hold, 12 domains"'),
    reference: z.string().nullable(),
    job: usageJobSchema.nullable(),
    key: z
      .strictObject({ id: z.uuid(), name: z.string(), prefix: z.string() })
      .nullable()
      .describe('The API key it was made through; null: the operator, the engine or the app'),
    user: z
      .strictObject({ id: z.uuid(), name: z.string() })
      .nullable()
      .describe(
        'Who made it: the user who created its key, or who made it in the app (no key); a removed user’s name ends "(removed)"; null: neither (the operator CLI, the engine)',
      ),
  })
  .meta({ id: 'UsageEntry' });
export type UsageEntry = z.infer<typeof usageEntrySchema>;

export const usagePageSchema = z
  .strictObject({
    items: z.array(usageEntrySchema).describe('Newest first'),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next (older) page; null: this is the last page'),
  })
  .meta({ id: 'UsagePage' });
export type UsagePage = z.infer<typeof usagePageSchema>;

/** The CSV download takes the page's filters, not its paging. */
export const usageCsvQuerySchema = usageQuerySchema
  .omit({ cursor: true, limit: true })
  .extend(csvFlavourShape)
  .meta({ id: 'UsageCsvQuery' });
export type UsageCsvQuery = z.infer<typeof usageCsvQuerySchema>;
/** What the page and the CSV select alike. */
export type UsageSelection = Omit<UsageCsvQuery, 'excel'>;

export const USAGE_CSV_COLUMNS = [
  'id',
  'created_at',
  'movement',
  'kind',
  'amount',
  'change',
  'description',
  'reference',
  'key_name',
  'key_prefix',
  'user_name',
] as const;
