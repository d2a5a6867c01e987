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
  basis: 'exact' | 'sampled';
  /** For a sampled count: rows looked at, and the 95% interval of the total. */
  sample: { rows: number; low: number; high: number } | null;
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
export interface CountOptions {
  /**
   * Look at about this many rows, evenly spaced from a random start, and scale up; only when the
   * table is larger and there is no per-company cap (a cap cannot be estimated from a sample).
   */
  sampleRows?: number | null;
  random?: () => number;
}

export function countLeads(table: LeadTable, filters: NormalizedFilters, options: CountOptions = {}): LeadCount {
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

  const sampleRows = options.sampleRows ?? null;
  const sampled = maxPerCompany === null && sampleRows !== null && sampleRows > 0 && sampleRows < table.size;
  let counts: PassCounts;
  let sample: LeadCount['sample'] = null;
  if (sampled) {
    const step = table.size / sampleRows;
    const raw = uncappedCounts(table, query, used, termMissing, (options.random ?? Math.random)() * step, step, sampleRows);
    const scale = (value: number) => Math.round((value * table.size) / sampleRows);
    const [low, high] = wilsonInterval(raw.total, sampleRows);
    sample = { rows: sampleRows, low: Math.floor(low * table.size), high: Math.ceil(high * table.size) };
    counts = {
      total: scale(raw.total),
      firmographicTotal: scale(raw.firmographicTotal),
      withoutFilter: raw.withoutFilter.map(scale),
      perTerm: raw.perTerm.map(scale),
    };
  } else {
    counts =
      maxPerCompany === null
        ? uncappedCounts(table, query, used, termMissing, 0, 1, table.size)
        : cappedCounts(table, query, used, termMissing, maxPerCompany);
  }
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
  return { basis: sampled ? 'sampled' : 'exact', sample, firmographicTotal, total, narrowedBy, keywords };
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

/** 95% Wilson score interval of a proportion seen `hits` times in `trials`. */
export function wilsonInterval(hits: number, trials: number): [number, number] {
  const z = 1.96;
  const share = hits / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (share + (z * z) / (2 * trials)) / denominator;
  const margin = (z * Math.sqrt((share * (1 - share)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - margin), Math.min(1, centre + margin)];
}

/**
 * Without a cap every count follows from how many rows fail each exact set of filters. Visits
 * `visits` rows from `first`, `step` apart (1 apart from 0 for an exact count).
 */
function uncappedCounts(
  table: LeadTable,
  query: CompiledLeadQuery,
  used: QueryFilter[],
  termMissing: Uint8Array[],
  first: number,
  step: number,
  visits: number,
): PassCounts {
  const rowsFailing = new Float64Array(1 << QUERY_FILTERS.length);
  const perTerm = termMissing.map(() => 0);
  for (let visit = 0; visit < visits; visit++) {
    const row = step === 1 ? visit : Math.floor(first + visit * step);
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
