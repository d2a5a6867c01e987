import { z } from 'zod';
import { engineBoundedStringList, isoDateTime, jobStatusSchema } from '../common/common.schemas';
import { requiredByEngine } from '../common/contract-json-schema';
import { csvFlavourShape } from '../common/csv-download.schemas';

export const MAX_SCRAPE_INPUTS = 50_000;
/** A scrape's JSON body: 50,000 inputs of up to ~150 characters each, from the API or pasted in the app. */
export const SCRAPE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export const SCRAPE_OUTCOMES = ['ok', 'blocked', 'no_content', 'invalid'] as const;
export const scrapeOutcomeSchema = z.enum(SCRAPE_OUTCOMES);
export type ScrapeOutcome = z.infer<typeof scrapeOutcomeSchema>;

/** Why a site is not ok, as far as the reader can tell causes apart. */
export const SCRAPE_REASONS = [
  'not_a_host',
  'no_dns',
  'private_address',
  'unreachable',
  'too_many_redirects',
  'robots',
  'http_status',
  'bot_wall',
  'not_html',
  'no_text',
  'page_over_budget',
  'not_storable',
] as const;
export const scrapeReasonSchema = z
  .enum(SCRAPE_REASONS)
  .describe(
    'Why the site is not ok: not_a_host (the input names no host), no_dns (no DNS answer), private_address (a loopback, private, link-local or metadata address this server refuses), unreachable (could not connect, or no answer in time), too_many_redirects (more than 5), robots (robots.txt disallows), http_status (the site answered an error status, see http_status: 401, 403, 429 and 451 are blocked), bot_wall (a bot check stood in the way), not_html, no_text (no readable text), page_over_budget (the page cost more to read than a page may), not_storable (the text could not be stored)',
  );
export type ScrapeReason = z.infer<typeof scrapeReasonSchema>;

export const scrapeCreateRequestSchema = z
  .strictObject({
    domains: requiredByEngine(engineBoundedStringList(MAX_SCRAPE_INPUTS)).describe(
      'Domains, URLs or emails; normalized to host names and deduplicated; 1 to 50000 (DOMAINS_REQUIRED, TOO_MANY_DOMAINS)',
    ),
  })
  .meta({ id: 'ScrapeCreateRequest' });
export type ScrapeCreateRequest = z.infer<typeof scrapeCreateRequestSchema>;
export type ScrapeCreateRequestInput = z.input<typeof scrapeCreateRequestSchema>;

export const scrapeJobSchema = z
  .strictObject({
    id: z.uuid(),
    status: jobStatusSchema,
    total: z.number().int().describe('Unique normalized inputs'),
    done: z.number().int().nullable(),
    ok: z.number().int().nullable(),
    blocked: z.number().int().nullable(),
    no_content: z.number().int().nullable(),
    invalid: z.number().int().nullable(),
    progress_pct: z.number().nullable(),
    credits_charged: z.number().int(),
    credits_refunded: z.number().int(),
    created_at: isoDateTime,
    completed_at: isoDateTime.nullable(),
  })
  .meta({ id: 'ScrapeJob' });
export type ScrapeJob = z.infer<typeof scrapeJobSchema>;

export const scrapeJobListSchema = z
  .strictObject({ jobs: z.array(scrapeJobSchema).describe('The 50 most recent') })
  .meta({ id: 'ScrapeJobList' });
export type ScrapeJobList = z.infer<typeof scrapeJobListSchema>;

export const scrapeResultsQuerySchema = z.strictObject({
  offset: z.coerce.number().int().min(0).default(0).describe('Items to skip; pass the previous next_offset'),
  limit: z.coerce.number().int().min(1).max(1000).default(100).describe('Items per page, 1 to 1000'),
  status: scrapeOutcomeSchema.optional().describe('Only items with this outcome'),
});
export type ScrapeResultsQuery = z.infer<typeof scrapeResultsQuerySchema>;

export const scrapeResultsCsvQuerySchema = z
  .strictObject({ status: scrapeResultsQuerySchema.shape.status, ...csvFlavourShape })
  .meta({ id: 'ScrapeResultsCsvQuery' });
export type ScrapeResultsCsvQuery = z.infer<typeof scrapeResultsCsvQuerySchema>;
/** Outcome holds the status value (ok, blocked, no_content, invalid), Reason the reason in words, Cached yes or no. */
export const SCRAPE_RESULTS_CSV_COLUMNS = ['Domain', 'Outcome', 'Reason', 'Cached', 'Characters', 'Text'] as const;

export const scrapeResultItemSchema = z
  .strictObject({
    domain: z.string(),
    status: scrapeOutcomeSchema,
    reason: scrapeReasonSchema.nullable().describe('Why the site is not ok; null when ok, and for items read before reasons were kept'),
    http_status: z.number().int().nullable().describe('The HTTP status the site answered when reason is http_status; else null'),
    text: z.string().describe("The site's readable text; empty unless ok"),
    chars: z.number().int(),
    cached: z.boolean().describe('Served from the 30-day site text cache'),
  })
  .meta({ id: 'ScrapeResultItem' });
export type ScrapeResultItem = z.infer<typeof scrapeResultItemSchema>;

export const scrapeResultsSchema = z
  .strictObject({
    job_id: z.uuid(),
    status: jobStatusSchema,
    offset: z.number().int(),
    items: z.array(scrapeResultItemSchema).describe('In order of completion'),
    next_offset: z.number().int().nullable().describe('Pass as offset for the next page; null when no more'),
  })
  .meta({ id: 'ScrapeResults' });
export type ScrapeResults = z.infer<typeof scrapeResultsSchema>;
