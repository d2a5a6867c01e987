import { COMPANY_SIZE_BUCKETS, revenueBandForSize } from '../company-derivations';
import type { NormalizedFilters } from '../normalize-filters';
import { matchesKeywordFilter, matchesTitleFilter } from '../text-matching';
import { COMPANY_TYPES } from '../company-derivations';
import { LeadTable, NO_BUCKET } from './lead-table';

/** The filters a count can leave out one at a time, named as in the echoed filters. */
export const QUERY_FILTERS = [
  'industryNames',
  'companySizes',
  'revenues',
  'companyTypes',
  'countryCodes',
  'seniorities',
  'departments',
  'jobTitles',
  'excludeTitles',
  'includeKeywords',
  'excludeKeywords',
] as const;
export type QueryFilter = (typeof QUERY_FILTERS)[number];

export const FIRMOGRAPHIC_FILTERS: readonly QueryFilter[] = ['industryNames', 'companySizes', 'revenues', 'companyTypes', 'countryCodes'];

/** Per-dictionary allow-lists: a null list admits everything. */
export interface CompiledLeadQuery {
  company: Uint8Array;
  title: Uint8Array | null;
  seniority: Uint8Array | null;
  department: Uint8Array | null;
  country: Uint8Array | null;
  maxPerCompany: number | null;
}

function allowValues(values: readonly string[], wanted: readonly string[], fold = false): Uint8Array {
  const set = new Set(fold ? wanted.map((value) => value.toUpperCase()) : wanted);
  const allowed = new Uint8Array(values.length);
  values.forEach((value, id) => (allowed[id] = set.has(fold ? value.toUpperCase() : value) ? 1 : 0));
  return allowed;
}

function active(filters: NormalizedFilters, filter: QueryFilter, skip: ReadonlySet<QueryFilter>): boolean {
  if (skip.has(filter)) return false;
  if (filter === 'companySizes') return filters.companySizeBuckets !== null;
  return (filters[filter] as readonly unknown[]).length > 0;
}

/**
 * Turns normalized filters into allow-lists over the table's dictionaries. Text filters are matched
 * once per distinct title and distinct company description, not once per contact. `skip` leaves
 * filters out (for firmographic totals and for finding the filter that narrowed a count).
 */
export function compileLeadQuery(
  table: LeadTable,
  filters: NormalizedFilters,
  skip: ReadonlySet<QueryFilter> = new Set(),
  textCache?: Map<string, Uint8Array>,
): CompiledLeadQuery {
  const industryAllowed = active(filters, 'industryNames', skip) ? allowValues(table.industries, filters.industryNames) : null;
  const bucketAllowed = new Uint8Array(256).fill(1);
  if (active(filters, 'companySizes', skip)) {
    const buckets = new Set<string>(filters.companySizeBuckets ?? []);
    COMPANY_SIZE_BUCKETS.forEach((bucket, index) => (bucketAllowed[index] &= buckets.has(bucket) ? 1 : 0));
    bucketAllowed[NO_BUCKET] = 0;
  }
  if (active(filters, 'revenues', skip)) {
    const revenues = new Set(filters.revenues);
    COMPANY_SIZE_BUCKETS.forEach((bucket, index) => (bucketAllowed[index] &= revenues.has(revenueBandForSize(bucket) ?? '') ? 1 : 0));
    bucketAllowed[NO_BUCKET] = 0;
  }
  const typeAllowed = active(filters, 'companyTypes', skip)
    ? Uint8Array.from(COMPANY_TYPES, (type) => (filters.companyTypes.includes(type) ? 1 : 0))
    : null;
  const keywordFilter = {
    includeKeywords: active(filters, 'includeKeywords', skip) ? filters.includeKeywords : [],
    excludeKeywords: active(filters, 'excludeKeywords', skip) ? filters.excludeKeywords : [],
    exactMatch: filters.exactMatch,
    matchAny: filters.matchAny,
  };
  const descriptionAllowed =
    keywordFilter.includeKeywords.length || keywordFilter.excludeKeywords.length
      ? cached(textCache, `k:${JSON.stringify(keywordFilter)}`, () =>
          Uint8Array.from(table.descriptions, (description) => (matchesKeywordFilter(description, keywordFilter) ? 1 : 0)),
        )
      : null;

  const company = new Uint8Array(table.companyCount);
  for (let index = 0; index < table.companyCount; index++) {
    company[index] =
      (industryAllowed === null || industryAllowed[table.companyIndustry[index]] === 1) &&
      bucketAllowed[table.companySize[index]] === 1 &&
      (typeAllowed === null || typeAllowed[table.companyType[index]] === 1) &&
      (descriptionAllowed === null || descriptionAllowed[table.companyDescription[index]] === 1)
        ? 1
        : 0;
  }

  const titleFilter = {
    jobTitles: active(filters, 'jobTitles', skip) ? filters.jobTitles : [],
    excludeTitles: active(filters, 'excludeTitles', skip) ? filters.excludeTitles : [],
    exactMatch: filters.exactMatch,
  };
  const title =
    titleFilter.jobTitles.length || titleFilter.excludeTitles.length
      ? cached(textCache, `t:${JSON.stringify(titleFilter)}`, () =>
          Uint8Array.from(table.titles, (jobTitle) => (matchesTitleFilter(jobTitle, titleFilter) ? 1 : 0)),
        )
      : null;

  return {
    company,
    title,
    seniority: active(filters, 'seniorities', skip) ? allowValues(table.seniorities, filters.seniorities) : null,
    department: active(filters, 'departments', skip) ? allowValues(table.departments, filters.departments) : null,
    country: active(filters, 'countryCodes', skip) ? allowValues(table.countries, filters.countryCodes, true) : null,
    maxPerCompany: filters.maxPerCompany,
  };
}

function cached(cache: Map<string, Uint8Array> | undefined, key: string, compute: () => Uint8Array): Uint8Array {
  if (!cache) return compute();
  let value = cache.get(key);
  if (!value) {
    value = compute();
    if (cache.size > 500) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/** Filters active in this set, in QUERY_FILTERS order. */
export function activeFilters(filters: NormalizedFilters): QueryFilter[] {
  return QUERY_FILTERS.filter((filter) => active(filters, filter, new Set()));
}
