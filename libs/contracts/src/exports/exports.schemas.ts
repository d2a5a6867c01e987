import { z } from 'zod';
import { keyBudgetRemainingSchema } from '../credits/key-budget-remaining.schemas';
import { isoDateTime, jobStatusSchema } from '../common/common.schemas';
import { requiredByEngine } from '../common/contract-json-schema';
import { filterSetShape } from '../leads/filter-set.schemas';

export const MAX_EXPORT_ROWS = 50_000;

export const EXPORT_CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Company',
  'Domain',
  'Job Title',
  'Seniority',
  'Department',
  'Industry',
  'Country',
  'State',
  'City',
  'Company Size',
  'LinkedIn',
] as const;

export const exportStatusSchema = jobStatusSchema;
export type ExportStatus = z.infer<typeof exportStatusSchema>;

export const exportCreateRequestSchema = z
  .strictObject({
    ...filterSetShape,
    limit: requiredByEngine(z.number().int().min(1)).describe(
      'Required (LIMIT_REQUIRED when missing). Rows to deliver, 1 to 50000; a larger value is capped to 50000',
    ),
    quote_id: z
      .string()
      .optional()
      .describe(
        'A quote_id from POST /leads/exports/quote for exactly these filters and limit: the export charges at most the quoted credits (less if leads were revealed meanwhile or the balance runs out) and a retry with it answers the export it started instead of starting another (QUOTE_NOT_FOUND, QUOTE_MISMATCH, QUOTE_EXPIRED)',
      ),
  })
  .meta({ id: 'ExportCreateRequest' });
export type ExportCreateRequest = z.infer<typeof exportCreateRequestSchema>;
export type ExportCreateRequestInput = z.input<typeof exportCreateRequestSchema>;

export const exportQuoteRequestSchema = exportCreateRequestSchema.omit({ quote_id: true }).meta({ id: 'ExportQuoteRequest' });
export type ExportQuoteRequest = z.infer<typeof exportQuoteRequestSchema>;

/** The price of an export, as every door quotes it; the API's and MCP's quote add what the key may still spend. */
export const exportPriceSchema = z.strictObject({
  new: z
    .number()
    .int()
    .describe('Matching leads this account has not revealed, up to the limit: what the export would deliver, 1 credit each'),
  already_revealed: z.number().int().describe('Matching leads revealed before: an export skips them and charges nothing for them'),
  credits: z.number().int().describe('The most an export with this quote_id will charge'),
  balance: z.number().describe("The account's balance now: an export stops at the balance, so a smaller balance delivers and charges less"),
  quote_id: z.uuid().describe('Pass to POST /leads/exports with the same filters and limit'),
  expires_at: isoDateTime.describe('After this the quote cannot start an export (QUOTE_EXPIRED); a quote lives 10 minutes'),
});
export type ExportPrice = z.infer<typeof exportPriceSchema>;

export const exportQuoteSchema = exportPriceSchema.extend({ budget_remaining: keyBudgetRemainingSchema }).meta({ id: 'ExportQuote' });
export type ExportQuote = z.infer<typeof exportQuoteSchema>;

export const exportCreatedSchema = z
  .strictObject({
    job_id: z.uuid(),
    status: exportStatusSchema,
    requested_limit: z.number().int().describe('The limit as requested'),
    capped_to_max: z.number().int().nullable().describe('50000 when the requested limit exceeded the maximum, else null'),
    poll: z.string().describe('Path of the status endpoint'),
    download: z.string().describe('Path of the CSV endpoint'),
  })
  .meta({ id: 'ExportCreated' });
export type ExportCreated = z.infer<typeof exportCreatedSchema>;

export const exportJobSchema = z
  .strictObject({
    id: z.uuid(),
    status: exportStatusSchema,
    requestedLimit: z.number().int(),
    progress: z.number().int().min(0).max(100).describe('100 when completed'),
    deliveredRows: z.number().int().describe('Rows delivered and billed; already revealed leads are skipped'),
    creditsCharged: z.number().int(),
    capped: z.boolean().describe('Delivery stopped at the balance'),
    filename: z.string().nullable().describe('lead-engine-export-<YYYY-MM-DD>-<rows>.csv once completed'),
    note: z.string().nullable(),
    downloadable: z.boolean().describe('True once GET /leads/exports/{id}/csv can serve the file'),
    createdAt: isoDateTime,
    completedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ExportJob' });
export type ExportJob = z.infer<typeof exportJobSchema>;

export const exportListSchema = z
  .strictObject({ count: z.number().int(), exports: z.array(exportJobSchema).describe('The 50 most recent, newest first') })
  .meta({ id: 'ExportList' });
export type ExportList = z.infer<typeof exportListSchema>;
