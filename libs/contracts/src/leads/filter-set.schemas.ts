import { z } from 'zod';
import { stringList } from '../common/common.schemas';

const list = (description: string) => stringList.optional().describe(description);

/** The filters shared by count, browse and export; both spellings of each alias are accepted and unioned. */
export const filterSetShape = {
  industry: list('Industry names, exact source spelling (alias of industryNames)'),
  industryNames: list('Industry names, exact source spelling'),
  seniority: list('Seniority values from GET /leads/filters (alias of seniorities)'),
  seniorities: list('Seniority values from GET /leads/filters'),
  country: list('ISO 3166 alpha-2 codes, case-insensitive (alias of countryCodes)'),
  countryCodes: list('ISO 3166 alpha-2 codes, case-insensitive'),
  companySize: list('Bands (1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001+) or raw buckets (alias of companySizes)'),
  companySizes: list('Bands (1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001+) or raw buckets such as "51 to 100"'),
  revenue: list('Revenue bands from GET /leads/filters (alias of revenues)'),
  revenues: list('Revenue bands from GET /leads/filters'),
  department: list('Department values from GET /leads/filters (alias of departments)'),
  departments: list('Department values from GET /leads/filters'),
  companyType: list('private, government, nonprofit, education; OR-ed (alias of companyTypes)'),
  companyTypes: list('private, government, nonprofit, education; OR-ed. "public" is not available'),
  jobTitle: list('Job title terms, OR-ed (alias of jobTitles)'),
  jobTitles: list('Job title terms, OR-ed: substrings, or whole words with exactMatch'),
  excludeTitles: list('Drops anyone whose job title matches any of these terms'),
  includeKeywords: list('Terms matched against the company description; OR-ed when matchAny, else AND-ed'),
  excludeKeywords: list('Drops companies whose description matches any of these terms'),
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
