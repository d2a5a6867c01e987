import type { NormalizedFilters } from '../normalize-filters';
import { activeFilters, compileLeadQuery, FIRMOGRAPHIC_FILTERS, QUERY_FILTERS, QueryFilter } from './lead-query';
import type { LeadTable } from './lead-table';
import { scanLeads } from './scan-leads';

export interface LeadCount {
  firmographicTotal: number;
  total: number;
  narrowedBy: { filter: QueryFilter; before: number; after: number } | null;
  keywords: Record<string, number> | null;
}

const NARROWED_SHARE = 0.01;

/**
 * Exact counts by scanning: the firmographic total (company filters and country only), the total of
 * every filter, the one filter whose removal would restore the most rows when the result collapsed
 * (0, or under 1% of the firmographic total), and each include keyword on its own within the rest.
 */
export function countLeads(table: LeadTable, filters: NormalizedFilters, textCache?: Map<string, Uint8Array>): LeadCount {
  const count = (skip: ReadonlySet<QueryFilter>, override?: Partial<NormalizedFilters>) =>
    scanLeads(table, compileLeadQuery(table, { ...filters, ...override }, skip, textCache)).matched;

  const nonFirmographic = new Set(QUERY_FILTERS.filter((filter) => !FIRMOGRAPHIC_FILTERS.includes(filter)));
  const firmographicTotal = count(nonFirmographic, { maxPerCompany: null });
  const total = count(new Set());

  let narrowedBy: LeadCount['narrowedBy'] = null;
  if (total === 0 || total < firmographicTotal * NARROWED_SHARE) {
    for (const filter of activeFilters(filters)) {
      const before = count(new Set([filter]));
      if (before > total && (narrowedBy === null || before > narrowedBy.before)) narrowedBy = { filter, before, after: total };
    }
  }

  let keywords: Record<string, number> | null = null;
  if (filters.includeKeywords.length > 0) {
    keywords = {};
    for (const term of filters.includeKeywords) keywords[term] = count(new Set(), { includeKeywords: [term] });
  }
  return { firmographicTotal, total, narrowedBy, keywords };
}
