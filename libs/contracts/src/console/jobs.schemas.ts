import { z } from 'zod';
import { isoDateTime, jobStatusSchema } from '../common/common.schemas';
import { enrichmentFieldIdSchema, enrichmentUploadSchema } from '../enrichment/enrichment.schemas';
import { scrapeCreateRequestSchema } from '../scrape/scrape.schemas';

export {
  scrapeJobSchema as consoleScrapeJobSchema,
  scrapeResultsQuerySchema as consoleScrapeResultsQuerySchema,
  scrapeResultsCsvQuerySchema as consoleScrapeResultsCsvQuerySchema,
} from '../scrape/scrape.schemas';
export type { ScrapeReason } from '../scrape/scrape.schemas';
export { scrapeResultsSchema as consoleScrapeResultsSchema } from '../scrape/scrape.schemas';
export { enrichmentJobStatusSchema as consoleEnrichmentJobSchema } from '../enrichment/enrichment.schemas';

export const CONSOLE_JOB_TYPES = ['export', 'scrape', 'enrichment'] as const;
export const consoleJobTypeSchema = z.enum(CONSOLE_JOB_TYPES);
export type ConsoleJobType = z.infer<typeof consoleJobTypeSchema>;

export const consoleJobsQuerySchema = z.strictObject({
  type: consoleJobTypeSchema.optional().describe('Only jobs of this type'),
  status: jobStatusSchema.optional().describe('Only jobs in this status'),
  cursor: z.string().optional().describe('next_cursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Jobs per page, 1 to 100'),
});
export type ConsoleJobsQuery = z.infer<typeof consoleJobsQuerySchema>;

const credits = z.number().int().min(0);

export const consoleJobSchema = z
  .strictObject({
    type: consoleJobTypeSchema,
    id: z.uuid(),
    status: jobStatusSchema,
    progress: z.number().int().min(0).max(100).nullable().describe('Percent done; 100 once completed; null when not known yet'),
    summary: z.string().describe('What the job is, in words: "1,204 of 5,000 rows", "12 sites", "120 rows × 2 fields"'),
    credits: z
      .strictObject({
        held: credits.describe('Held now by a queued or running scrape or enrichment; 0 once it ended'),
        charged: credits.describe('Charged: an export when it ran, a scrape or enrichment when it started (its hold)'),
        refunded: credits.describe('Given back: sites without text, cells left empty, a failed job'),
      })
      .describe('The credits it moved, as the ledger has them'),
    started_by: z
      .strictObject({
        key: z.strictObject({ id: z.uuid(), name: z.string() }).nullable().describe('The API key it was started through; null: the app'),
        user: z
          .strictObject({ id: z.uuid(), name: z.string() })
          .nullable()
          .describe('Who: the key\'s creator or the user who started it in the app; a removed user’s name ends "(removed)"; null: the CLI'),
      })
      .describe('Where it was started'),
    created_at: isoDateTime,
    completed_at: isoDateTime.nullable(),
    download: z.string().nullable().describe('Path of its file under /console/api once it can be downloaded; null before, or for a scrape'),
  })
  .meta({ id: 'ConsoleJob' });
export type ConsoleJob = z.infer<typeof consoleJobSchema>;

export const consoleJobPageSchema = z
  .strictObject({
    items: z.array(consoleJobSchema).describe('Newest first'),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next (older) page; null: this is the last page'),
  })
  .meta({ id: 'ConsoleJobPage' });
export type ConsoleJobPage = z.infer<typeof consoleJobPageSchema>;

export const consoleScrapeQuoteRequestSchema = scrapeCreateRequestSchema.meta({ id: 'ConsoleScrapeQuoteRequest' });
export type ConsoleScrapeQuoteRequest = z.infer<typeof consoleScrapeQuoteRequestSchema>;

export const consoleScrapeQuoteSchema = z
  .strictObject({
    sites: z.number().int().describe('Unique sites after normalizing the domains, URLs and emails given'),
    credits: z.number().int().describe('The hold: 1 credit per site; sites that cannot be read are refunded when the job ends'),
    balance: z.number().describe("The account's balance now"),
  })
  .meta({ id: 'ConsoleScrapeQuote' });
export type ConsoleScrapeQuote = z.infer<typeof consoleScrapeQuoteSchema>;

export const consoleStartScrapeRequestSchema = scrapeCreateRequestSchema
  .extend({
    credits: z
      .number()
      .int()
      .min(0)
      .describe('The hold the user confirmed (from the quote); another hold for these domains is refused with QUOTE_MISMATCH'),
  })
  .meta({ id: 'ConsoleStartScrapeRequest' });
export type ConsoleStartScrapeRequest = z.infer<typeof consoleStartScrapeRequestSchema>;

export const consoleStartedScrapeSchema = z
  .strictObject({ id: z.uuid(), status: jobStatusSchema, credits: z.number().int().describe('Held now'), balance: z.number() })
  .meta({ id: 'ConsoleStartedScrape' });
export type ConsoleStartedScrape = z.infer<typeof consoleStartedScrapeSchema>;

export const consoleEnrichmentQuoteFormSchema = enrichmentUploadSchema.meta({ id: 'ConsoleEnrichmentQuoteForm' });

export const consoleEnrichmentQuoteSchema = z
  .strictObject({
    rows: z.number().int().describe('Data rows of the file'),
    fields: z
      .array(z.strictObject({ id: enrichmentFieldIdSchema, credits_per_row: z.number().int() }))
      .describe('The requested fields with their price per row (custom_* 2, full_email 0, the others 1)'),
    credits: z.number().int().describe('The hold: rows × the fields’ prices; cells left empty are refunded when the job ends'),
    balance: z.number().describe("The account's balance now"),
  })
  .meta({ id: 'ConsoleEnrichmentQuote' });
export type ConsoleEnrichmentQuote = z.infer<typeof consoleEnrichmentQuoteSchema>;

export const consoleStartEnrichmentFormSchema = enrichmentUploadSchema
  .extend({
    credits: z
      .string()
      .regex(/^\d+$/)
      .describe('The hold the user confirmed (from the quote); another hold for this file and these fields is refused with QUOTE_MISMATCH'),
  })
  .meta({ id: 'ConsoleStartEnrichmentForm' });

export const consoleStartedEnrichmentSchema = z
  .strictObject({ id: z.uuid(), status: jobStatusSchema, credits: z.number().int().describe('Held now'), balance: z.number() })
  .meta({ id: 'ConsoleStartedEnrichment' });
export type ConsoleStartedEnrichment = z.infer<typeof consoleStartedEnrichmentSchema>;
