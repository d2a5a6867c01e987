import { z } from 'zod';
import { isoDateTime, queryBoolean } from '../common/common.schemas';
import { csvFlavourShape } from '../common/csv-download.schemas';
import { EXPORT_CSV_COLUMNS } from '../exports/exports.schemas';
import { filterSetShape } from './filter-set.schemas';
import { revealedLeadSchema } from './leads.schemas';

export const MAX_REVEALED_PAGE = 1000;
export const MAX_REVEALED_SEARCH_CHARACTERS = 200;

/** The Leads filters but maxPerCompany, which caps what browse offers and means nothing for leads already yours. */
const { maxPerCompany: _notHere, exactMatch, matchAny, ...filterLists } = filterSetShape;

const revealedSelection = {
  ...filterLists,
  q: z
    .string()
    .trim()
    .max(MAX_REVEALED_SEARCH_CHARACTERS)
    .optional()
    .describe(
      `Text searched in the full name, company name and email, case-insensitive; at most ${MAX_REVEALED_SEARCH_CHARACTERS} characters`,
    ),
  reference: z
    .string()
    .regex(/^(reveal|export):[0-9a-f-]{36}$/, 'reveal:<id> or export:<id>, as a usage entry names it')
    .optional()
    .describe('Only the leads of one reveal or export: reveal:<id> or export:<id>, the reference of its ledger entry'),
};

const cursor = z.string().max(200).optional().describe('next_cursor of the previous page');
const limit = (parse: z.ZodNumber) =>
  parse.int().min(1).max(MAX_REVEALED_PAGE).default(25).describe(`Leads per page, 1 to ${MAX_REVEALED_PAGE}`);

/** The revealed leads as a JSON body (MCP). */
export const revealedLeadsRequestSchema = z
  .strictObject({ ...revealedSelection, exactMatch, matchAny, cursor, limit: limit(z.number()) })
  .meta({ id: 'RevealedLeadsRequest' });
export type RevealedLeadsRequest = z.infer<typeof revealedLeadsRequestSchema>;
export type RevealedLeadsRequestInput = z.input<typeof revealedLeadsRequestSchema>;

const queryShape = {
  ...revealedSelection,
  exactMatch: queryBoolean(false, 'true: titles and keywords match as whole words; false: as case-insensitive substrings'),
  matchAny: queryBoolean(true, 'true: include keywords are OR-ed; false: AND-ed'),
};

/** The same as query parameters (GET /leads/revealed); a list is the parameter repeated. */
export const revealedLeadsQuerySchema = z
  .strictObject({ ...queryShape, cursor, limit: limit(z.coerce.number()) })
  .meta({ id: 'RevealedLeadsQuery' });
export type RevealedLeadsQuery = z.infer<typeof revealedLeadsQuerySchema>;

/** The CSV takes the page's selection, not its paging. */
export const revealedLeadsCsvQuerySchema = z.strictObject({ ...queryShape, ...csvFlavourShape }).meta({ id: 'RevealedLeadsCsvQuery' });
export type RevealedLeadsCsvQuery = z.infer<typeof revealedLeadsCsvQuerySchema>;

/** What every revealed-leads read shares: the selection, without paging. */
export type RevealedLeadsSelection = Omit<RevealedLeadsQuery, 'cursor' | 'limit'>;

export const revealedLeadEntrySchema = revealedLeadSchema
  .extend({
    revealedAt: isoDateTime.describe('When the account paid for it'),
    revealedThrough: z.enum(['reveal', 'export']).describe('A reveal, or an export'),
    exportId: z.uuid().nullable().describe('The export that delivered it; null for a reveal'),
    reference: z.string().describe('reveal:<id> or export:<id>: the reference of the ledger entry that paid for it'),
    revealedBy: z
      .strictObject({
        key: z.strictObject({ id: z.uuid(), name: z.string(), prefix: z.string() }).nullable(),
        user: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
      })
      .describe('The API key it was paid through (null: the app) and the user who made it (null: the operator CLI, or unknown)'),
  })
  .meta({ id: 'RevealedLeadEntry' });
export type RevealedLeadEntry = z.infer<typeof revealedLeadEntrySchema>;

export const revealedLeadsPageSchema = z
  .strictObject({
    leads: z.array(revealedLeadEntrySchema).describe('Newest first'),
    total: z.number().int().describe('Revealed leads matching the selection, on every page'),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next (older) page; null: this is the last page'),
  })
  .meta({ id: 'RevealedLeadsPage' });
export type RevealedLeadsPage = z.infer<typeof revealedLeadsPageSchema>;

/** The export CSV's columns, then what only a revealed lead has. */
export const REVEALED_LEADS_CSV_COLUMNS = [
  ...EXPORT_CSV_COLUMNS,
  'Email Status',
  'Revealed At',
  'Revealed Through',
  'Export Id',
  'Revealed By',
  'API Key',
] as const;
