import { CompiledLeadQuery, filterBit, QueryFilter } from './lead-query';
import { IndexedColumn, LeadTable } from './lead-table';
import { emptyRows, RowBitmap, rowsInAll } from '../indexes/row-bitmap';
import { cachedRows } from './row-bitmap-cache';
import { rowsWithValues } from '../indexes/value-rows';

/** Where a filter's rows come from: an indexed column, or the company descriptions read through each row's company. */
export type FilterSource = IndexedColumn | 'description';

export const FILTER_SOURCE: Readonly<Record<QueryFilter, FilterSource>> = {
  industryNames: 'profile',
  companySizes: 'profile',
  revenues: 'profile',
  companyTypes: 'profile',
  includeKeywords: 'description',
  excludeKeywords: 'description',
  countryCodes: 'country',
  seniorities: 'seniority',
  departments: 'department',
  jobTitles: 'title',
  excludeTitles: 'title',
};

const SOURCES: readonly FilterSource[] = ['profile', 'description', 'title', 'seniority', 'department', 'country'];

/** The bits of the filters each source judges. */
const SOURCE_BITS = Object.fromEntries(
  SOURCES.map((source) => [
    source,
    (Object.keys(FILTER_SOURCE) as QueryFilter[])
      .filter((filter) => FILTER_SOURCE[filter] === source)
      .reduce((bits, filter) => bits | filterBit(filter), 0),
  ]),
) as Record<FilterSource, number>;

/** 1 for each value that fails none of `filterBits` (plain loops: typed-array callbacks are slow at millions). */
function passing(fails: Uint16Array, filterBits: number, of: ArrayLike<number> | null = null): Uint8Array {
  const count = of === null ? fails.length : of.length;
  const passes = new Uint8Array(count);
  for (let index = 0; index < count; index++) passes[index] = (fails[of === null ? index : of[index]] & filterBits) === 0 ? 1 : 0;
  return passes;
}

function allEqual(values: Uint8Array, value: number): boolean {
  for (let index = 0; index < values.length; index++) if (values[index] !== value) return false;
  return true;
}

/**
 * Each company's pass of the keyword filters, per compiled company fails: the tables of a live table
 * share their company fails, so a pass over every company is made once per query, not once per table.
 */
const keywordPasses = new WeakMap<Uint16Array, Map<number, { passes: Uint8Array; every: boolean; none: boolean }>>();

function companiesPassing(fails: Uint16Array, keywordBits: number): { passes: Uint8Array; every: boolean; none: boolean } {
  let byBits = keywordPasses.get(fails);
  if (byBits === undefined) keywordPasses.set(fails, (byBits = new Map()));
  let found = byBits.get(keywordBits);
  if (found === undefined) {
    const passes = passing(fails, keywordBits);
    found = { passes, every: allEqual(passes, 1), none: allEqual(passes, 0) };
    byBits.set(keywordBits, found);
  }
  return found;
}

/** Rows whose values fail none of the filters in `filterBits` that `source` judges; null when no row fails one. */
export function rowsPassing(
  table: LeadTable,
  query: CompiledLeadQuery,
  source: FilterSource,
  filterBits = SOURCE_BITS[source],
): RowBitmap | null {
  if (source === 'description' || source === 'profile') {
    const fails = query.company;
    if (fails === null) return null;
    if (source === 'description') {
      const keywordBits = filterBits & SOURCE_BITS.description;
      return cachedRows(table, `keywords ${keywordBits} ${query.keywordKey}`, () => {
        const { passes, every, none } = companiesPassing(fails, keywordBits);
        return every ? null : none ? emptyRows(table.size) : rowsOfCompanies(table, passes);
      });
    }
    // Every company of a profile fails the same firmographic filters, so one of them speaks for all.
    return rowsWithValues(
      table.rowsBy.profile,
      passing(fails, filterBits, table.companies.profileCompany.subarray(0, table.profileCount)),
      table.size,
    );
  }
  const fails = query[source];
  if (fails === null) return null;
  return rowsWithValues(table.rowsBy[source], passing(fails, filterBits), table.size);
}

/**
 * Rows of the companies for which `passes[company]` is 1; null when every company passes. Read row by
 * row through the company column: a company's few rows are scattered, so gathering them from lists
 * would cost more.
 */
export function rowsOfCompanies(table: LeadTable, passes: Uint8Array): RowBitmap | null {
  if (allEqual(passes, 1)) return null;
  const rows = table.size;
  const result = emptyRows(rows);
  if (allEqual(passes, 0)) return result;
  const company = table.company;
  const fullWords = rows >>> 5;
  for (let word = 0; word < fullWords; word++) {
    const first = word << 5;
    let bits = 0;
    for (let bit = 0; bit < 32; bit++) bits |= passes[company[first + bit]] << bit;
    result[word] = bits;
  }
  for (let row = fullWords << 5; row < rows; row++) result[row >>> 5] |= passes[company[row]] << (row & 31);
  return result;
}

/** A new bitmap of the rows matching every filter of the query (maxPerCompany aside). */
export function rowsMatching(table: LeadTable, query: CompiledLeadQuery): RowBitmap {
  return rowsInAll(
    SOURCES.map((source) => rowsPassing(table, query, source)),
    table.size,
  );
}
