import type { SavedSearch } from '@lead-engine/contracts/console';
import type { FilterField } from './api/leads.types';
import { type LeadsSearch, leadsSearchSchema } from './leads-search';

// Kept apart from leads-search.ts, which the route (in the first page's bundle) imports: these load with the page.

/** The search params that are filters (not the page or page size). */
export const FILTER_KEYS = [
  'industry',
  'seniority',
  'country',
  'department',
  'companySize',
  'revenue',
  'companyType',
  'jobTitles',
  'excludeTitles',
  'includeKeywords',
  'excludeKeywords',
  'maxPerCompany',
  'exactMatch',
  'matchAny',
] as const satisfies ReadonlyArray<keyof LeadsSearch>;
export type LeadFilters = Pick<LeadsSearch, (typeof FILTER_KEYS)[number]>;

/** The filters picked from a list of the values contacts carry, each with how many carry it. */
export const LISTED_FILTERS: ReadonlyArray<{
  key: 'industry' | 'seniority' | 'country' | 'department' | 'companySize' | 'revenue';
  field: FilterField;
  label: string;
}> = [
  { key: 'industry', field: 'industry', label: 'Industry' },
  { key: 'seniority', field: 'seniority', label: 'Seniority' },
  { key: 'department', field: 'department', label: 'Department' },
  { key: 'country', field: 'country', label: 'Country' },
  { key: 'companySize', field: 'company_size', label: 'Company size' },
  { key: 'revenue', field: 'revenue', label: 'Revenue' },
];

/** The filters of the URL alone, empty ones left out: the body of count, browse, export and a saved search. */
export function filtersOf(search: LeadsSearch): LeadFilters {
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) if (search[key] !== undefined) filters[key] = search[key];
  return filters as LeadFilters;
}

export const hasFilters = (search: LeadsSearch) => FILTER_KEYS.some((key) => search[key] !== undefined);

/** Every filter cleared: to merge into the search when a whole filter set replaces the current one. */
export const NO_FILTERS: Record<(typeof FILTER_KEYS)[number], undefined> = Object.fromEntries(
  FILTER_KEYS.map((key) => [key, undefined]),
) as Record<(typeof FILTER_KEYS)[number], undefined>;

/** A saved search's filters as the URL's search params; both spellings of each alias (the API accepts either) are joined. */
export function searchOfSaved(filters: SavedSearch['filters']): LeadsSearch {
  const both = (a: string[] | undefined, b: string[] | undefined) => {
    const joined = [...new Set([...(a ?? []), ...(b ?? [])])];
    return joined.length ? joined : undefined;
  };
  return leadsSearchSchema.parse({
    industry: both(filters.industry, filters.industryNames),
    seniority: both(filters.seniority, filters.seniorities),
    country: both(filters.country, filters.countryCodes),
    department: both(filters.department, filters.departments),
    companySize: both(filters.companySize, filters.companySizes),
    revenue: both(filters.revenue, filters.revenues),
    companyType: both(filters.companyType, filters.companyTypes),
    jobTitles: both(filters.jobTitle, filters.jobTitles),
    excludeTitles: both(filters.excludeTitles, undefined),
    includeKeywords: both(filters.includeKeywords, undefined),
    excludeKeywords: both(filters.excludeKeywords, undefined),
    maxPerCompany: filters.maxPerCompany,
    exactMatch: filters.exactMatch ? true : undefined,
    matchAny: filters.matchAny === false ? false : undefined,
  });
}

/** The filters as one string, lists in any order alike: equal strings, the same search. */
const filtersKey = (filters: LeadFilters) =>
  JSON.stringify(FILTER_KEYS.map((key) => (Array.isArray(filters[key]) ? [...(filters[key] as string[])].sort() : (filters[key] ?? null))));

/** The saved searches whose filters are the current ones: those the page shows as open. */
export function savedSearchesOpen(searches: SavedSearch[], filters: LeadFilters): SavedSearch[] {
  const current = filtersKey(filters);
  return searches.filter((saved) => filtersKey(filtersOf(searchOfSaved(saved.filters))) === current);
}
