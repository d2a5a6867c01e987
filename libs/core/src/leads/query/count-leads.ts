import type { NormalizedFilters } from '../normalize-filters';
import {
  activeFilters,
  CompiledLeadQuery,
  compileLeadQuery,
  filterBit,
  FIRMOGRAPHIC_FILTERS,
  QUERY_FILTERS,
  QueryFilter,
  textMatches,
} from './lead-query';
import type { LeadTable } from './lead-table';

export interface LeadCount {
  firmographicTotal: number;
  total: number;
  narrowedBy: { filter: QueryFilter; before: number; after: number } | null;
  keywords: Record<string, number> | null;
}

const NARROWED_SHARE = 0.01;
const FIRMOGRAPHIC_BITS = FIRMOGRAPHIC_FILTERS.reduce((bits, filter) => bits | filterBit(filter), 0);
const INCLUDE_BIT = filterBit('includeKeywords');

/**
 * Exact counts in one pass over the table: the firmographic total (company filters and country only,
 * no cap), the total of every filter, each filter's total without it (to name the filter that
 * narrowed a collapsed count: 0, or under 1% of the firmographic total) and each include keyword on
 * its own within the other filters.
 */
export function countLeads(table: LeadTable, filters: NormalizedFilters): LeadCount {
  const query = compileLeadQuery(table, filters);
  const { maxPerCompany } = query;
  const used = activeFilters(filters);
  const terms = filters.includeKeywords;
  const termMissing = terms.map((term) => {
    const matches = textMatches(table.descriptions, [term], filters.exactMatch);
    const missing = new Uint8Array(table.companyCount);
    for (let company = 0; company < table.companyCount; company++) missing[company] = 1 - matches[table.companyDescription[company]];
    return missing;
  });

  const counts =
    maxPerCompany === null ? uncappedCounts(table, query, used, termMissing) : cappedCounts(table, query, used, termMissing, maxPerCompany);
  const { total, firmographicTotal } = counts;
  let narrowedBy: LeadCount['narrowedBy'] = null;
  if (total === 0 || total < firmographicTotal * NARROWED_SHARE) {
    used.forEach((filter, index) => {
      const before = counts.withoutFilter[index];
      if (before > total && (narrowedBy === null || before > narrowedBy.before)) narrowedBy = { filter, before, after: total };
    });
  }
  let keywords: Record<string, number> | null = null;
  if (terms.length > 0) {
    keywords = {};
    terms.forEach((term, index) => ((keywords as Record<string, number>)[term] = counts.perTerm[index]));
  }
  return { firmographicTotal, total, narrowedBy, keywords };
}

interface PassCounts {
  total: number;
  firmographicTotal: number;
  /** Per used filter, the total without it. */
  withoutFilter: number[];
  perTerm: number[];
}

function failBits(query: CompiledLeadQuery, table: LeadTable, row: number, companyIndex: number): number {
  const { company, title, seniority, department, country } = query;
  return (
    (company === null ? 0 : company[companyIndex]) |
    (title === null ? 0 : title[table.title[row]]) |
    (seniority === null ? 0 : seniority[table.seniority[row]]) |
    (department === null ? 0 : department[table.department[row]]) |
    (country === null ? 0 : country[table.country[row]])
  );
}

/** Without a cap every count follows from how many rows fail each exact set of filters. */
function uncappedCounts(table: LeadTable, query: CompiledLeadQuery, used: QueryFilter[], termMissing: Uint8Array[]): PassCounts {
  const rowsFailing = new Float64Array(1 << QUERY_FILTERS.length);
  const perTerm = termMissing.map(() => 0);
  for (let row = 0; row < table.size; row++) {
    const companyIndex = table.company[row];
    const fails = failBits(query, table, row, companyIndex);
    rowsFailing[fails]++;
    if ((fails & ~INCLUDE_BIT) === 0) {
      for (let term = 0; term < termMissing.length; term++) if (termMissing[term][companyIndex] === 0) perTerm[term]++;
    }
  }
  let firmographicTotal = 0;
  rowsFailing.forEach((rows, fails) => (firmographicTotal += (fails & FIRMOGRAPHIC_BITS) === 0 ? rows : 0));
  return {
    total: rowsFailing[0],
    firmographicTotal,
    withoutFilter: used.map((filter) => rowsFailing[0] + rowsFailing[filterBit(filter)]),
    perTerm,
  };
}

/** A count taken in the same pass: rows whose fail bits lie within `ignored`, and that contain the term when given. */
interface CappedTally {
  ignored: number;
  termMissing: Uint8Array | null;
  perCompany: Uint32Array | null;
  count: number;
}

/** With a cap each count keeps its own per-company quota, since the rows that use up a quota differ. */
function cappedCounts(table: LeadTable, query: CompiledLeadQuery, used: QueryFilter[], termMissing: Uint8Array[], cap: number): PassCounts {
  const quota = () => new Uint32Array(table.companyCount);
  const tallies: CappedTally[] = [
    { ignored: 0, termMissing: null, perCompany: quota(), count: 0 },
    { ignored: ~FIRMOGRAPHIC_BITS, termMissing: null, perCompany: null, count: 0 },
    ...used.map((filter) => ({ ignored: filterBit(filter), termMissing: null, perCompany: quota(), count: 0 })),
    ...termMissing.map((missing) => ({ ignored: INCLUDE_BIT, termMissing: missing, perCompany: quota(), count: 0 })),
  ];
  for (let row = 0; row < table.size; row++) {
    const companyIndex = table.company[row];
    const fails = failBits(query, table, row, companyIndex);
    for (const tally of tallies) {
      if ((fails & ~tally.ignored) !== 0) continue;
      if (tally.termMissing !== null && tally.termMissing[companyIndex] === 1) continue;
      if (tally.perCompany !== null) {
        if (tally.perCompany[companyIndex] >= cap) continue;
        tally.perCompany[companyIndex]++;
      }
      tally.count++;
    }
  }
  return {
    total: tallies[0].count,
    firmographicTotal: tallies[1].count,
    withoutFilter: used.map((_, index) => tallies[2 + index].count),
    perTerm: termMissing.map((_, index) => tallies[2 + used.length + index].count),
  };
}
