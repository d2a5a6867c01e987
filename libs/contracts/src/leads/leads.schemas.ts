import { z } from 'zod';
import { engineBoundedStringList, isoDateTime } from '../common/common.schemas';
import { requiredByEngine } from '../common/contract-json-schema';
import { keyBudgetRemainingSchema } from '../credits/key-budget-remaining.schemas';
import { filterSetShape, normalizedFiltersSchema } from './filter-set.schemas';
import { MAX_BROWSE_LIMIT, MAX_REVEAL_IDS } from './lead-constants';
import { unknownValuesField } from './unknown-filter-values.schemas';

export const searchRequestSchema = z.strictObject(filterSetShape).meta({ id: 'SearchRequest' });
export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type SearchRequestInput = z.input<typeof searchRequestSchema>;

export const countResultSchema = z
  .strictObject({
    firmographic_total: z
      .number()
      .int()
      .describe('Matches of the structured company filters only (industry, size, country, revenue, company type)'),
    firmographic_is_exact: z.boolean(),
    estimated_total: z.number().int().describe('Matches of every filter, revealed leads included; the number to plan exports around'),
    basis: z.enum(['exact', 'sampled']).describe('exact when counted within the latency budget, else sampled'),
    note: z.string().describe('How the number was obtained; for sampled counts the sample size and a 95% interval'),
    narrowed_by: z
      .strictObject({ filter: z.string(), before: z.number().int(), after: z.number().int() })
      .nullable()
      .describe('The single filter that removed the most rows when the result is 0 or below 1% of firmographic_total'),
    keywords: z
      .record(z.string(), z.number().int())
      .nullable()
      .describe('Per include keyword: rows matching that term within the other filters'),
    filters: normalizedFiltersSchema,
    unknown_values: unknownValuesField,
  })
  .meta({ id: 'CountResult' });
export type CountResult = z.infer<typeof countResultSchema>;

export const browseRequestSchema = z
  .strictObject({
    ...filterSetShape,
    page: z.number().int().min(1).default(1).describe('1-based page'),
    limit: z.number().int().min(1).max(MAX_BROWSE_LIMIT).default(25).describe('Rows per page, 1 to 1000'),
  })
  .meta({ id: 'BrowseRequest' });
export type BrowseRequest = z.infer<typeof browseRequestSchema>;
export type BrowseRequestInput = z.input<typeof browseRequestSchema>;

export const maskedLeadSchema = z
  .strictObject({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string().describe('Initial and a dot, e.g. "S."'),
    fullName: z.string(),
    email: z.string().describe('Masked, e.g. "j***@*****.com"'),
    phone: z.string().nullable().describe('Masked: at most the last two digits'),
    companyName: z.string(),
    companyDomain: z.string().nullable().describe('Null until revealed'),
    jobTitle: z.string(),
    seniority: z.string(),
    department: z.string(),
    country: z.string(),
    countryCode: z.string(),
    state: z.string(),
    city: z.string(),
    companySize: z.string().describe('Raw bucket form'),
    linkedinUrl: z.string().nullable().describe('Null until revealed'),
    industryName: z.string(),
    categoryName: z.string().nullable(),
  })
  .meta({ id: 'MaskedLead' });
export type MaskedLead = z.infer<typeof maskedLeadSchema>;

export const browseResponseSchema = z
  .strictObject({
    page: z.number().int(),
    limit: z.number().int(),
    returned: z.number().int(),
    total: z.number().int().nullable().describe('Rows browse can still return (already revealed leads excluded)'),
    total_is_exact: z.boolean(),
    total_is_estimate: z.boolean(),
    next_page: z.number().int().nullable().describe('page + 1 when the page is full, else null'),
    leads: z.array(maskedLeadSchema),
    note: z.string().nullable(),
    unknown_values: unknownValuesField,
  })
  .meta({ id: 'BrowseResponse' });
export type BrowseResponse = z.infer<typeof browseResponseSchema>;

export const revealRequestSchema = z
  .strictObject({
    leadIds: requiredByEngine(engineBoundedStringList(MAX_REVEAL_IDS)).describe(
      'Lead ids from browse, 1 to 1000 (LEAD_IDS_REQUIRED, TOO_MANY_LEADS); duplicates count once',
    ),
    quote_id: z
      .string()
      .optional()
      .describe(
        'A quote_id from POST /leads/reveal/quote for exactly these leadIds: the reveal charges at most the quoted credits (less if some were revealed meanwhile) and a retry with it answers the first result without paying again (QUOTE_NOT_FOUND, QUOTE_MISMATCH, QUOTE_EXPIRED)',
      ),
  })
  .meta({ id: 'RevealRequest' });
export type RevealRequest = z.infer<typeof revealRequestSchema>;
export type RevealRequestInput = z.input<typeof revealRequestSchema>;

export const revealedLeadSchema = z
  .strictObject({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    emailStatus: z.string(),
    phone: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    companyName: z.string(),
    companyDomain: z.string(),
    jobTitle: z.string(),
    seniority: z.string(),
    department: z.string(),
    country: z.string().nullable(),
    countryCode: z.string(),
    state: z.string(),
    city: z.string(),
    companySize: z.string(),
    companyRevenue: z.string().nullable(),
    companyFounded: z.number().int().nullable(),
    companyLinkedin: z.string().nullable(),
    industryName: z.string().nullable(),
    categoryName: z.string().nullable(),
    enrichmentStatus: z.string(),
    confidenceScore: z.number(),
  })
  .meta({ id: 'RevealedLead' });
export type RevealedLead = z.infer<typeof revealedLeadSchema>;

export const revealResponseSchema = z
  .strictObject({
    revealed: z.array(revealedLeadSchema).describe('In the order of the request'),
    credits_charged: z.number().int(),
    new_reveals: z.number().int(),
    already_revealed: z.number().int(),
    not_found: z.array(z.string()).describe('Well-formed ids that match no lead; charged nothing'),
  })
  .meta({ id: 'RevealResponse' });
export type RevealResponse = z.infer<typeof revealResponseSchema>;

export const revealQuoteRequestSchema = z
  .strictObject({
    leadIds: requiredByEngine(engineBoundedStringList(MAX_REVEAL_IDS)).describe(
      'Lead ids from browse, 1 to 1000 (LEAD_IDS_REQUIRED, TOO_MANY_LEADS); duplicates count once',
    ),
  })
  .meta({ id: 'RevealQuoteRequest' });
export type RevealQuoteRequest = z.infer<typeof revealQuoteRequestSchema>;

/** The price of a reveal, as every door quotes it; the API's and MCP's quote add what the key may still spend. */
export const revealPriceSchema = z.strictObject({
  new: z.number().int().describe('Leads this account has not revealed: 1 credit each'),
  already_revealed: z.number().int().describe('Leads revealed before: free to reveal again'),
  not_found: z.array(z.string()).describe('Well-formed ids that match no lead'),
  credits: z.number().int().describe('The most a reveal with this quote_id will charge'),
  quote_id: z.uuid().describe('Pass to POST /leads/reveal with the same leadIds'),
  expires_at: isoDateTime.describe('After this the quote cannot be paid (QUOTE_EXPIRED); a quote lives 10 minutes'),
});
export type RevealPrice = z.infer<typeof revealPriceSchema>;

export const revealQuoteSchema = revealPriceSchema.extend({ budget_remaining: keyBudgetRemainingSchema }).meta({ id: 'RevealQuote' });
export type RevealQuote = z.infer<typeof revealQuoteSchema>;

export const FILTER_FIELDS = ['industry', 'seniority', 'country', 'department', 'company_size', 'revenue'] as const;
export const filterFieldSchema = z.enum(FILTER_FIELDS);
export type FilterField = z.infer<typeof filterFieldSchema>;

export const filtersQuerySchema = z.strictObject({
  field: filterFieldSchema.optional().describe('Without it, the filter names; with it, the values of that filter and their contact counts'),
});
export type FiltersQuery = z.infer<typeof filtersQuerySchema>;

export const filtersListingSchema = z
  .strictObject({
    filters: z.array(z.string()).describe('industry, seniority, country, department, company_size, revenue, companyType'),
    note: z.string(),
  })
  .meta({ id: 'FiltersListing' });
export type FiltersListing = z.infer<typeof filtersListingSchema>;

export const filterValuesSchema = z
  .strictObject({
    field: filterFieldSchema,
    values: z.array(z.strictObject({ value: z.string(), count: z.string().regex(/^\d+$/).describe('Contacts with this value') })),
  })
  .meta({ id: 'FilterValues' });
export type FilterValues = z.infer<typeof filterValuesSchema>;

export const filtersResponseSchema = z.union([filtersListingSchema, filterValuesSchema]);
export type FiltersResponse = z.infer<typeof filtersResponseSchema>;
