import { z } from 'zod';
import { FILTER_LIST_LIMITS } from './filter-list-limits';

const { entryCharacters, listCharacters } = FILTER_LIST_LIMITS;
const entry = z.string().max(entryCharacters, `Each entry takes at most ${entryCharacters} characters`);

/**
 * A filter list (a single string is a one-element list, contract §2), bounded so that what a query
 * costs follows from its limits: every text term is one more search of the texts it matches.
 */
const boundedList = (maxEntries: number) =>
  z
    .union([
      entry,
      z
        .array(entry)
        .max(maxEntries, `At most ${maxEntries} entries`)
        .refine((entries) => entries.reduce((sum, value) => sum + value.length, 0) <= listCharacters, {
          message: `At most ${listCharacters} characters in all`,
        }),
    ])
    .transform((value) => (typeof value === 'string' ? [value] : value));

const limitsText = (maxEntries: number) => `; at most ${maxEntries} entries of ${entryCharacters} characters, ${listCharacters} in all`;
const valueList = (description: string) =>
  boundedList(FILTER_LIST_LIMITS.valueEntries)
    .optional()
    .describe(description + limitsText(FILTER_LIST_LIMITS.valueEntries));
const textList = (description: string) =>
  boundedList(FILTER_LIST_LIMITS.textEntries)
    .optional()
    .describe(description + limitsText(FILTER_LIST_LIMITS.textEntries));

/**
 * The second spelling of eight filters (contract §3): taken and unioned with the first, documented in
 * the OpenAPI document, left out of the MCP tool schemas so that an agent reads one name per filter.
 */
export const filterAliasShape = {
  industryNames: valueList('Industry names, exact source spelling (alias of industry)'),
  seniorities: valueList('Seniority values from GET /leads/filters (alias of seniority)'),
  countryCodes: valueList('ISO 3166 alpha-2 codes, case-insensitive (alias of country)'),
  companySizes: valueList('Bands or raw buckets (alias of companySize)'),
  revenues: valueList('Revenue bands from GET /leads/filters (alias of revenue)'),
  departments: valueList('Department values from GET /leads/filters (alias of department)'),
  companyTypes: valueList('private, government, nonprofit, education; OR-ed (alias of companyType)'),
  jobTitle: textList('Job title terms, OR-ed (alias of jobTitles)'),
};

/** The filters shared by count, browse and export; both spellings of each alias are accepted and unioned. */
export const filterSetShape = {
  industry: valueList('Industry names, exact source spelling'),
  industryNames: filterAliasShape.industryNames,
  seniority: valueList('Seniority values from GET /leads/filters'),
  seniorities: filterAliasShape.seniorities,
  country: valueList('ISO 3166 alpha-2 codes, case-insensitive'),
  countryCodes: filterAliasShape.countryCodes,
  companySize: valueList('Bands (1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001+) or raw buckets such as "51 to 100"'),
  companySizes: filterAliasShape.companySizes,
  revenue: valueList('Revenue bands from GET /leads/filters'),
  revenues: filterAliasShape.revenues,
  department: valueList('Department values from GET /leads/filters'),
  departments: filterAliasShape.departments,
  companyType: valueList('private, government, nonprofit, education; OR-ed. "public" is not available'),
  companyTypes: filterAliasShape.companyTypes,
  jobTitle: filterAliasShape.jobTitle,
  jobTitles: textList('Job title terms, OR-ed: substrings, or whole words with exactMatch'),
  excludeTitles: textList('Drops anyone whose job title matches any of these terms'),
  includeKeywords: textList('Terms matched against the company description; OR-ed when matchAny, else AND-ed'),
  excludeKeywords: textList('Drops companies whose description matches any of these terms'),
  maxPerCompany: z.number().int().min(1).optional().describe('At most this many contacts per company (by domain), in browse order'),
  exactMatch: z.boolean().default(false).describe('true: titles and keywords match as whole words; false: as case-insensitive substrings'),
  matchAny: z.boolean().default(true).describe('true: include keywords are OR-ed; false: AND-ed'),
};

export const filterSetSchema = z.strictObject(filterSetShape).meta({ id: 'FilterSet' });
export type FilterSet = z.infer<typeof filterSetSchema>;
export type FilterSetInput = z.input<typeof filterSetSchema>;

/** The filters as the engine understood them, echoed in the count result. */
export const normalizedFiltersSchema = z
  .strictObject({
    industryNames: z.array(z.string()),
    seniorities: z.array(z.string()),
    countryCodes: z.array(z.string()),
    companySizes: z.array(z.string()),
    revenues: z.array(z.string()),
    departments: z.array(z.string()),
    companyTypes: z.array(z.string()),
    jobTitles: z.array(z.string()),
    excludeTitles: z.array(z.string()),
    includeKeywords: z.array(z.string()),
    excludeKeywords: z.array(z.string()),
    maxPerCompany: z.number().int().nullable(),
    exactMatch: z.boolean(),
    matchAny: z.boolean(),
  })
  .meta({ id: 'NormalizedFilters' });
export type NormalizedFiltersEcho = z.infer<typeof normalizedFiltersSchema>;
