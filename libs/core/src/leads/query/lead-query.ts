import { COMPANY_SIZE_BUCKETS, COMPANY_TYPES, revenueBandForSize } from '../company-derivations';
import type { NormalizedFilters } from '../normalize-filters';
import { LeadTable, NO_BUCKET } from './lead-table';
import type { MatchableTexts } from '../companies/company-descriptions';
import { chargeTextSearch } from '../indexes/text-search-budget';

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

export const filterBit = (filter: QueryFilter): number => 1 << QUERY_FILTERS.indexOf(filter);

/**
 * For each dictionary value (or company), the bits of the filters it fails; null when no filter
 * looks at that column. A contact matches when the OR of its columns' bits is 0.
 */
export interface CompiledLeadQuery {
  company: Uint16Array | null;
  title: Uint16Array | null;
  seniority: Uint16Array | null;
  department: Uint16Array | null;
  country: Uint16Array | null;
  /** Bits of the filters in use. */
  active: number;
  /** What the keyword filters ask, as a key: equal keys, equal description fail bits. */
  keywordKey: string;
  maxPerCompany: number | null;
}

function active(filters: NormalizedFilters, filter: QueryFilter): boolean {
  if (filter === 'companySizes') return filters.companySizeBuckets !== null;
  return (filters[filter] as readonly unknown[]).length > 0;
}

/** Filters active in this set, in QUERY_FILTERS order. */
export function activeFilters(filters: NormalizedFilters): QueryFilter[] {
  return QUERY_FILTERS.filter((filter) => active(filters, filter));
}

class FailBits {
  bits: Uint16Array | null = null;

  constructor(private readonly size: number) {}

  mark(id: number, bit: number): void {
    this.bits ??= new Uint16Array(this.size);
    this.bits[id] |= bit;
  }
}

function failValues(values: readonly string[], wanted: readonly string[], bit: number, fold = false): Uint16Array {
  const set = new Set(fold ? wanted.map((value) => value.toUpperCase()) : wanted);
  return Uint16Array.from(values, (value) => (set.has(fold ? value.toUpperCase() : value) ? 0 : bit));
}

/** 1 for each text matching any of the terms (or all of them when `every`); read-only, it may be the dictionary's cached answer. */
export function textMatches(dictionary: MatchableTexts, terms: readonly string[], wholeWords: boolean, every = false): Uint8Array {
  if (terms.length === 1) return dictionary.matching(terms[0], wholeWords);
  const result = new Uint8Array(dictionary.size).fill(every ? 1 : 0);
  for (const term of terms) {
    chargeTextSearch(dictionary.size);
    const matches = dictionary.matching(term, wholeWords);
    if (every) for (let id = 0; id < result.length; id++) result[id] &= matches[id];
    else for (let id = 0; id < result.length; id++) result[id] |= matches[id];
  }
  return result;
}

/** Marks `bit` on every id whose match is `when` (0: failed to match, 1: matched an exclusion). */
function markWhere(fails: FailBits, matches: Uint8Array, when: 0 | 1, bit: number): void {
  for (let id = 0; id < matches.length; id++) {
    if (matches[id] === when) {
      fails.mark(id, bit);
      const bits = fails.bits as Uint16Array;
      for (id++; id < matches.length; id++) if (matches[id] === when) bits[id] |= bit;
    }
  }
}

/**
 * For each of the table's companies (by key, below its companyCount), the bits of the company filters
 * it fails; null when no filter looks at companies. A company never changes in its store, so the
 * answer for a table built later holds for every earlier table of the same store too.
 */
export function compileCompanyFails(table: LeadTable, filters: NormalizedFilters): Uint16Array | null {
  const bit = filterBit;
  const { companies, companyCount } = table;
  const bucketFails = new Uint16Array(256);
  if (active(filters, 'companySizes')) {
    const buckets = new Set<string>(filters.companySizeBuckets ?? []);
    COMPANY_SIZE_BUCKETS.forEach((bucket, index) => (bucketFails[index] |= buckets.has(bucket) ? 0 : bit('companySizes')));
    bucketFails[NO_BUCKET] |= bit('companySizes');
  }
  if (active(filters, 'revenues')) {
    const revenues = new Set(filters.revenues);
    COMPANY_SIZE_BUCKETS.forEach(
      (bucket, index) => (bucketFails[index] |= revenues.has(revenueBandForSize(bucket) ?? '') ? 0 : bit('revenues')),
    );
    bucketFails[NO_BUCKET] |= bit('revenues');
  }
  const industryFails = active(filters, 'industryNames')
    ? failValues(companies.industries, filters.industryNames, bit('industryNames'))
    : null;
  const typeFails = active(filters, 'companyTypes')
    ? Uint16Array.from(COMPANY_TYPES, (type) => (filters.companyTypes.includes(type) ? 0 : bit('companyTypes')))
    : null;
  const descriptionFails = new FailBits(companies.descriptions.size);
  if (active(filters, 'includeKeywords')) {
    const included = textMatches(companies.descriptions, filters.includeKeywords, filters.exactMatch, !filters.matchAny);
    markWhere(descriptionFails, included, 0, bit('includeKeywords'));
  }
  if (active(filters, 'excludeKeywords')) {
    const excluded = textMatches(companies.descriptions, filters.excludeKeywords, filters.exactMatch);
    markWhere(descriptionFails, excluded, 1, bit('excludeKeywords'));
  }
  const anyBucketFails = bucketFails.some((value) => value !== 0);
  if (!industryFails && !typeFails && !anyBucketFails && !descriptionFails.bits) return null;
  const descriptions = descriptionFails.bits;
  const { industry, size, type, description } = companies;
  const bits = new Uint16Array(companyCount);
  for (let key = 0; key < companyCount; key++) {
    bits[key] =
      (industryFails === null ? 0 : industryFails[industry[key]]) |
      bucketFails[size[key]] |
      (typeFails === null ? 0 : typeFails[type[key]]) |
      (descriptions === null ? 0 : descriptions[description[key]]);
  }
  return bits;
}

/**
 * Turns normalized filters into fail bits over the table's dictionaries and companies. Text filters
 * are matched once per distinct title and distinct company description, not once per contact. The
 * company fails may be given, computed for a table of the same store with at least as many companies.
 */
export function compileLeadQuery(
  table: LeadTable,
  filters: NormalizedFilters,
  companyFails: Uint16Array | null = compileCompanyFails(table, filters),
): CompiledLeadQuery {
  const bit = filterBit;
  const title = new FailBits(table.titles.size);
  if (active(filters, 'jobTitles')) {
    markWhere(title, textMatches(table.titles, filters.jobTitles, filters.exactMatch), 0, bit('jobTitles'));
  }
  if (active(filters, 'excludeTitles')) {
    markWhere(title, textMatches(table.titles, filters.excludeTitles, filters.exactMatch), 1, bit('excludeTitles'));
  }

  return {
    company: companyFails,
    title: title.bits,
    seniority: active(filters, 'seniorities') ? failValues(table.seniorities, filters.seniorities, bit('seniorities')) : null,
    department: active(filters, 'departments') ? failValues(table.departments, filters.departments, bit('departments')) : null,
    country: active(filters, 'countryCodes') ? failValues(table.countries, filters.countryCodes, bit('countryCodes'), true) : null,
    active: activeFilters(filters).reduce((bits, filter) => bits | bit(filter), 0),
    keywordKey: JSON.stringify([filters.includeKeywords, filters.excludeKeywords, filters.exactMatch, filters.matchAny]),
    maxPerCompany: filters.maxPerCompany,
  };
}
