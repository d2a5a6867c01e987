import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';
import { NAME_MAX_LENGTH, visibleName } from '../common/visible-name';
import { exportCreateRequestSchema, exportPriceSchema, exportQuoteRequestSchema } from '../exports/exports.schemas';
import { filterSetSchema } from '../leads/filter-set.schemas';
import { filterFieldSchema, revealPriceSchema, revealRequestSchema, revealResponseSchema } from '../leads/leads.schemas';

// The Leads page asks what /api/v1 answers (count, filter values, browse: the same schemas) and pays the
// way an agent does: a quote first, shown and confirmed, then the reveal or export with its quote_id.
export {
  browseRequestSchema as consoleBrowseRequestSchema,
  browseResponseSchema as consoleBrowseResponseSchema,
  countResultSchema as consoleCountResultSchema,
  filterValuesSchema as consoleFilterValuesSchema,
  searchRequestSchema as consoleCountRequestSchema,
  revealQuoteRequestSchema as consoleRevealQuoteRequestSchema,
} from '../leads/leads.schemas';
export { exportJobSchema as consoleExportJobSchema } from '../exports/exports.schemas';

export const consoleFilterValuesQuerySchema = z.strictObject({
  field: filterFieldSchema.describe('The filter whose values and contact counts are listed'),
});
export type ConsoleFilterValuesQuery = z.infer<typeof consoleFilterValuesQuerySchema>;

const balanceAfter = z.number().describe("The account's balance now");

export const consoleRevealQuoteSchema = revealPriceSchema
  .extend({ balance: balanceAfter })
  .meta({ id: 'ConsoleRevealQuote', description: 'What the reveal costs, with the balance to show what is left after it' });
export type ConsoleRevealQuote = z.infer<typeof consoleRevealQuoteSchema>;

export const consoleRevealRequestSchema = revealRequestSchema
  .extend({ quote_id: z.string().describe('The quote the user confirmed: the reveal charges at most it, once') })
  .meta({ id: 'ConsoleRevealRequest' });
export type ConsoleRevealRequest = z.infer<typeof consoleRevealRequestSchema>;

export const consoleRevealResponseSchema = revealResponseSchema
  .extend({ balance: z.number().describe("The account's balance after the reveal") })
  .meta({ id: 'ConsoleRevealResponse' });
export type ConsoleRevealResponse = z.infer<typeof consoleRevealResponseSchema>;

export const consoleExportQuoteRequestSchema = exportQuoteRequestSchema;
export type ConsoleExportQuoteRequest = z.infer<typeof consoleExportQuoteRequestSchema>;
export const consoleExportQuoteSchema = exportPriceSchema.meta({ id: 'ConsoleExportQuote' });
export type ConsoleExportQuote = z.infer<typeof consoleExportQuoteSchema>;

export const consoleStartExportRequestSchema = exportCreateRequestSchema
  .extend({ quote_id: z.string().describe('The quote the user confirmed: the export charges at most it and starts once') })
  .meta({ id: 'ConsoleStartExportRequest' });
export type ConsoleStartExportRequest = z.infer<typeof consoleStartExportRequestSchema>;

export const consoleStartedExportSchema = z
  .strictObject({
    id: z.uuid(),
    status: z.enum(['queued', 'running', 'completed', 'failed']),
    requested_limit: z.number().int(),
  })
  .meta({ id: 'ConsoleStartedExport' });
export type ConsoleStartedExport = z.infer<typeof consoleStartedExportSchema>;

/** How many saved searches one account may keep; creating another is refused with 409 TOO_MANY_SAVED_SEARCHES. */
export const MAX_SAVED_SEARCHES = 200;

export const savedSearchNameSchema = visibleName(NAME_MAX_LENGTH).describe(
  '1 to 100 characters, trimmed, without control or invisible format characters (Unicode Cc, Cf)',
);

export const savedSearchSchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    filters: filterSetSchema.describe('The filters as the Leads page sends them to count and browse'),
    created_at: isoDateTime,
    created_by: z
      .strictObject({ id: z.uuid(), name: z.string() })
      .nullable()
      .describe('Who saved it (a removed user’s name ends "(removed)"); null: saved before users were kept on removal'),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z
  .strictObject({ searches: z.array(savedSearchSchema).describe("The account's saved searches, by name") })
  .meta({ id: 'SavedSearchList' });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

export const createSavedSearchRequestSchema = z
  .strictObject({ name: savedSearchNameSchema, filters: filterSetSchema })
  .meta({ id: 'CreateSavedSearchRequest' });
export type CreateSavedSearchRequest = z.infer<typeof createSavedSearchRequestSchema>;

export const renameSavedSearchRequestSchema = z.strictObject({ name: savedSearchNameSchema }).meta({ id: 'RenameSavedSearchRequest' });
export type RenameSavedSearchRequest = z.infer<typeof renameSavedSearchRequestSchema>;

export const savedSearchParamsSchema = z.strictObject({ id: z.string().describe('Saved search id (uuid)') });
