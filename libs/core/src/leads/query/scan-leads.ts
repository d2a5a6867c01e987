import type { CompiledLeadQuery } from './lead-query';
import type { LeadTable } from './lead-table';

/** Seqs to leave out of browse (already revealed by the account), sorted ascending. */
export type ExcludedSeqs = Float64Array;

export interface ScanResult {
  /** Matches of every filter, maxPerCompany applied, excluded rows counted. */
  matched: number;
  /** Matches left once excluded rows are removed. */
  available: number;
  /** Seqs of the requested window of available matches, in browse order. */
  page: number[];
  /** Rows looked at: all of them unless `stopOnceFilled` ended the pass early. */
  scanned: number;
}

const CHECK_EVERY_ROWS = 1 << 16;

/**
 * One pass over the table in browse order. maxPerCompany caps the matches of each company before
 * revealed leads are removed, so a company's revealed leads still use up its quota. Once the window
 * is filled, `stopOnceFilled` is asked every 65,536 rows whether counting on is still worth it; when it
 * says no, `matched` and `available` count only the rows scanned.
 */
export function scanLeads(
  table: LeadTable,
  query: CompiledLeadQuery,
  options: { excluded?: ExcludedSeqs; offset?: number; limit?: number; stopOnceFilled?: () => boolean } = {},
): ScanResult {
  const { company, title, seniority, department, country, maxPerCompany } = query;
  const excluded = options.excluded ?? new Float64Array(0);
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 0;
  const perCompany = maxPerCompany === null ? null : new Uint32Array(table.companyCount);
  const page: number[] = [];
  let matched = 0;
  let available = 0;
  let nextExcluded = 0;
  const stopOnceFilled = options.stopOnceFilled ?? null;
  let row = 0;
  for (; row < table.size; row++) {
    if (stopOnceFilled !== null && (row & (CHECK_EVERY_ROWS - 1)) === 0 && page.length === limit && row > 0 && stopOnceFilled()) break;
    const companyIndex = table.company[row];
    if (company !== null && company[companyIndex] !== 0) continue;
    if (title !== null && title[table.title[row]] !== 0) continue;
    if (seniority !== null && seniority[table.seniority[row]] !== 0) continue;
    if (department !== null && department[table.department[row]] !== 0) continue;
    if (country !== null && country[table.country[row]] !== 0) continue;
    if (perCompany !== null) {
      if (perCompany[companyIndex] >= (maxPerCompany as number)) continue;
      perCompany[companyIndex]++;
    }
    matched++;
    if (excluded.length > 0) {
      const seq = table.seq[row];
      while (nextExcluded < excluded.length && excluded[nextExcluded] < seq) nextExcluded++;
      if (nextExcluded < excluded.length && excluded[nextExcluded] === seq) continue;
    }
    if (available >= offset && page.length < limit) page.push(table.seq[row]);
    available++;
  }
  return { matched, available, page, scanned: row };
}
