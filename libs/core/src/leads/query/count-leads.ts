import type { NormalizedFilters } from '../normalize-filters';
import { FILTER_SOURCE, rowsPassing } from './filter-rows';
import { addCompanyRows, keywordCounts } from './keyword-counts';
import {
  activeFilters,
  CompiledLeadQuery,
  compileLeadQuery,
  filterBit,
  FIRMOGRAPHIC_FILTERS,
  QUERY_FILTERS,
  QueryFilter,
} from './lead-query';
import type { LeadTable } from './lead-table';
import { cappedMatchCount } from './scan-leads';
import { countInAll, RowBitmap, rowsInAll } from '../indexes/row-bitmap';

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

export interface CountOptions {
  /**
   * Look at about this many rows, evenly spaced from a random start, and scale up; only when the
   * table is larger and there is no per-company cap (a cap cannot be estimated from a sample).
   */
  sampleRows?: number | null;
  random?: () => number;
}

/**
 * Exact counts from the rows of each filter (see LeadTable): the firmographic total (company filters
 * and country only, no cap), the total of every filter, each filter's total without it (to name the
 * filter that narrowed a collapsed count: 0, or under 1% of the firmographic total) and each include
 * keyword on its own within the other filters. Without a cap each is one popcount of ANDed bitmaps;
 * with one, the rows of each are visited in browse order, each company's quota kept per count.
 */
export function countLeads(table: LeadTable, filters: NormalizedFilters, options: CountOptions = {}): LeadCount {
  const query = compileLeadQuery(table, filters);
  const { maxPerCompany } = query;
  const used = activeFilters(filters);
  const sampleRows = options.sampleRows ?? null;
  // With no filter the count is the table's size, which costs nothing to know exactly.
  if (maxPerCompany === null && used.length > 0 && sampleRows !== null && sampleRows > 0 && sampleRows < table.size) {
    const raw = sampledCounts(table, query, used, filters, options.random ?? Math.random, sampleRows, null);
    return describeCount(filters, used, raw.counts, raw.sample);
  }
  const tallies = countTallies(used, filterRowsOf(table, query, used));
  const count = (rows: Array<RowBitmap | null>, capped: boolean) =>
    capped && maxPerCompany !== null
      ? cappedMatchCount([table], [rowsInAll(rows, table.size)], maxPerCompany)
      : countInAll(rows, table.size);
  const perTerm = () => {
    const companyRows = new Uint32Array(table.companyCount);
    addCompanyRows(companyRows, table, rowsInAllOrNull(tallies.keywordBase, table.size));
    return keywordCounts(table, companyRows, filters);
  };
  return describeCount(filters, used, countEach(tallies, count, filters.includeKeywords.length === 0 ? () => [] : perTerm), null);
}

/** Each count of a LeadCount, from the rows behind it (see countTallies); `capped` when maxPerCompany applies to it. */
export function countEach<Rows>(
  tallies: CountTallies<Rows>,
  count: (rows: Rows, capped: boolean) => number,
  perTerm: () => number[],
): PassCounts {
  return {
    total: count(tallies.total, true),
    firmographicTotal: count(tallies.firmographic, false),
    withoutFilter: tallies.withoutFilter.map((rows) => count(rows, true)),
    perTerm: perTerm(),
  };
}

/** The rows in every one of the bitmaps, or null when none is given (every row). */
export function rowsInAllOrNull(bitmaps: ReadonlyArray<RowBitmap | null>, rows: number): RowBitmap | null {
  return bitmaps.every((bitmap) => bitmap === null) ? null : rowsInAll(bitmaps, rows);
}

/** The rows passing each used filter. */
export function filterRowsOf(table: LeadTable, query: CompiledLeadQuery, used: QueryFilter[]): Array<RowBitmap | null> {
  return used.map((filter) => rowsPassing(table, query, FILTER_SOURCE[filter], filterBit(filter)));
}

/** A LeadCount from its counts: which filter narrowed a collapsed total, and each keyword's count. */
export function describeCount(filters: NormalizedFilters, used: QueryFilter[], counts: PassCounts, sample: LeadCount['sample']): LeadCount {
  const { total, firmographicTotal } = counts;
  let narrowedBy: LeadCount['narrowedBy'] = null;
  if (total === 0 || total < firmographicTotal * NARROWED_SHARE) {
    used.forEach((filter, index) => {
      const before = counts.withoutFilter[index];
      if (before > total && (narrowedBy === null || before > narrowedBy.before)) narrowedBy = { filter, before, after: total };
    });
  }
  let keywords: Record<string, number> | null = null;
  const terms = filters.includeKeywords;
  if (terms.length > 0) {
    keywords = {};
    terms.forEach((term, index) => ((keywords as Record<string, number>)[term] = counts.perTerm[index]));
  }
  return { basis: sample === null ? 'exact' : 'sampled', sample, firmographicTotal, total, narrowedBy, keywords };
}

export interface PassCounts {
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

/** What each count of a LeadCount counts: for one table, the row bitmaps to intersect. */
export interface CountTallies<Rows = Array<RowBitmap | null>> {
  total: Rows;
  firmographic: Rows;
  withoutFilter: Rows[];
  /** The rows each include keyword is counted within: every other filter's. */
  keywordBase: Rows;
}

/** The rows behind each count: the filters' rows to intersect. */
export function countTallies(used: QueryFilter[], filterRows: Array<RowBitmap | null>): CountTallies {
  const except = (left: QueryFilter) => filterRows.filter((_, index) => used[index] !== left);
  return {
    total: filterRows,
    firmographic: filterRows.filter((_, index) => FIRMOGRAPHIC_FILTERS.includes(used[index])),
    withoutFilter: used.map((filter) => except(filter)),
    keywordBase: except('includeKeywords'),
  };
}

/**
 * Counts estimated from about `sampleRows` rows evenly spaced from a random start, scaled up to the
 * table. A sample's counts follow from how many of its rows fail each exact set of filters. With
 * `live`, rows outside it are passed over and the counts scale to the live rows.
 */
export function sampledCounts(
  table: LeadTable,
  query: CompiledLeadQuery,
  used: QueryFilter[],
  filters: NormalizedFilters,
  random: () => number,
  sampleRows: number,
  live: { rows: RowBitmap; size: number } | null,
): { counts: PassCounts; sample: NonNullable<LeadCount['sample']> } {
  const step = table.size / sampleRows;
  const first = random() * step;
  const rowsFailing = new Float64Array(1 << QUERY_FILTERS.length);
  const keywords = filters.includeKeywords.length > 0;
  const companyRows = new Uint32Array(keywords ? table.companyCount : 0);
  let visited = 0;
  for (let visit = 0; visit < sampleRows; visit++) {
    const row = Math.floor(first + visit * step);
    if (live !== null && (live.rows[row >>> 5] & (1 << (row & 31))) === 0) continue;
    visited++;
    const companyIndex = table.company[row];
    const fails = failBits(query, table, row, companyIndex);
    rowsFailing[fails]++;
    if (keywords && (fails & ~INCLUDE_BIT) === 0) companyRows[companyIndex]++;
  }
  let firmographicTotal = 0;
  rowsFailing.forEach((rows, fails) => (firmographicTotal += (fails & FIRMOGRAPHIC_BITS) === 0 ? rows : 0));
  const population = live === null ? table.size : live.size;
  const scale = (value: number) => (visited === 0 ? 0 : Math.round((value * population) / visited));
  const [low, high] = visited === 0 ? [0, 0] : wilsonInterval(rowsFailing[0], visited);
  return {
    counts: {
      total: scale(rowsFailing[0]),
      firmographicTotal: scale(firmographicTotal),
      withoutFilter: used.map((filter) => scale(rowsFailing[0] + rowsFailing[filterBit(filter)])),
      perTerm: keywords ? keywordCounts(table, companyRows, filters).map(scale) : [],
    },
    sample: { rows: visited, low: Math.floor(low * population), high: Math.ceil(high * population) },
  };
}
