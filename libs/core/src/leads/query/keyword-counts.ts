import type { NormalizedFilters } from '../normalize-filters';
import { textMatches } from './lead-query';
import type { LeadTable } from './lead-table';
import type { RowBitmap } from '../indexes/row-bitmap';
import { chargeTextSearch } from '../indexes/text-search-budget';

/** Adds one to `companyRows[company]` for each of `rows` (null: every row) of `table`. */
export function addCompanyRows(companyRows: Uint32Array, table: LeadTable, rows: RowBitmap | null): void {
  const company = table.company;
  if (rows === null) {
    for (let row = 0; row < table.size; row++) companyRows[company[row]]++;
    return;
  }
  for (let word = 0; word < rows.length; word++) {
    let bits = rows[word];
    while (bits !== 0) {
      const lowest = bits & -bits;
      companyRows[company[(word << 5) + 31 - Math.clz32(lowest)]]++;
      bits ^= lowest;
    }
  }
}

/**
 * Per include keyword, the rows of `companyRows` (rows passing every other filter, counted per
 * company) whose company's description holds it; a company counts at most `maxPerCompany` rows, as
 * its quota keeps its first ones. The counts are summed per description once, so each keyword costs
 * a look at the descriptions that have rows, never a pass over the rows: a query's keywords cost what
 * its descriptions do, whatever the table's size.
 */
export function keywordCounts(table: LeadTable, companyRows: Uint32Array, filters: NormalizedFilters): number[] {
  if (filters.includeKeywords.length === 0) return [];
  const { descriptions, description } = table.companies;
  const rowsPerDescription = new Float64Array(descriptions.size);
  const cap = filters.maxPerCompany;
  for (let company = 0; company < companyRows.length; company++) {
    const rows = companyRows[company];
    if (rows !== 0) rowsPerDescription[description[company]] += cap === null ? rows : Math.min(cap, rows);
  }
  const withRows: number[] = [];
  for (let id = 0; id < rowsPerDescription.length; id++) if (rowsPerDescription[id] !== 0) withRows.push(id);
  return filters.includeKeywords.map((term) => {
    chargeTextSearch(withRows.length);
    const matches = textMatches(descriptions, [term], filters.exactMatch);
    let count = 0;
    for (const id of withRows) if (matches[id] === 1) count += rowsPerDescription[id];
    return count;
  });
}
