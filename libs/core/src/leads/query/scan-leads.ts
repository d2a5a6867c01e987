import { rowsMatching } from './filter-rows';
import type { CompiledLeadQuery } from './lead-query';
import type { LeadTable } from './lead-table';
import { countInAll, nthSetRow, RowBitmap } from '../indexes/row-bitmap';
import { RevealedRows } from '../reveals/revealed-rows';

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

export interface ScanOptions {
  /** Rows to leave out of browse: those the account has revealed. */
  excluded?: RevealedRows;
  offset?: number;
  limit?: number;
  /** Asked now and then once the window is filled, when counting on means visiting rows one by one. */
  stopOnceFilled?: () => boolean;
}

const CHECK_EVERY_WORDS = 2048;

/**
 * The requested window of matches in browse order, and how many there are. Without maxPerCompany
 * that is bitmap arithmetic and always exact: the matches' popcount, the excluded rows cleared, the
 * window found by skipping whole words. With maxPerCompany the matches are visited in browse order
 * to apply the cap (before revealed leads are removed, so a company's revealed leads still use up its
 * quota); once the window is filled, `stopOnceFilled` is asked every 65,536 rows whether counting on
 * is still worth it, and when it says no, `matched` and `available` count only the rows scanned.
 */
export function scanLeads(table: LeadTable, query: CompiledLeadQuery, options: ScanOptions = {}): ScanResult {
  const matches = rowsMatching(table, query);
  const window = { excluded: options.excluded ?? new RevealedRows(table.size), offset: options.offset ?? 0, limit: options.limit ?? 0 };
  if (query.maxPerCompany === null) return uncappedWindow(table, matches, window);
  return cappedWindow(table, matches, query.maxPerCompany, window, options.stopOnceFilled ?? null);
}

/** Matching rows once each company's first `cap` of them (in browse order) are kept. */
export function cappedMatchCount(table: LeadTable, matches: RowBitmap, cap: number): number {
  return cappedWindow(table, matches, cap, { excluded: new RevealedRows(table.size), offset: 0, limit: 0 }, null).matched;
}

interface Window {
  excluded: RevealedRows;
  offset: number;
  limit: number;
}

function uncappedWindow(table: LeadTable, matches: RowBitmap, { excluded, offset, limit }: Window): ScanResult {
  const matched = countInAll([matches], table.size);
  const available = matched - excluded.clearFrom(matches);
  const page: number[] = [];
  const first = limit > 0 ? nthSetRow(matches, offset) : -1;
  if (first !== -1) {
    let word = first >>> 5;
    let bits = matches[word] & (-1 << (first & 31));
    while (page.length < limit) {
      if (bits === 0) {
        if (++word === matches.length) break;
        bits = matches[word];
        continue;
      }
      const lowest = bits & -bits;
      page.push(table.seq[(word << 5) + (31 - Math.clz32(lowest))]);
      bits ^= lowest;
    }
  }
  return { matched, available, page, scanned: table.size };
}

function cappedWindow(
  table: LeadTable,
  matches: RowBitmap,
  cap: number,
  { excluded, offset, limit }: Window,
  stopOnceFilled: (() => boolean) | null,
): ScanResult {
  const perCompany = new Uint32Array(table.companyCount);
  const page: number[] = [];
  let matched = 0;
  let available = 0;
  const excluding = excluded.size > 0;
  let word = 0;
  for (; word < matches.length; word++) {
    if (stopOnceFilled !== null && (word & (CHECK_EVERY_WORDS - 1)) === 0 && word > 0 && page.length === limit && stopOnceFilled()) break;
    for (let bits = matches[word]; bits !== 0;) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const row = (word << 5) + (31 - Math.clz32(lowest));
      const company = table.company[row];
      if (perCompany[company] >= cap) continue;
      perCompany[company]++;
      matched++;
      if (excluding && excluded.has(row)) continue;
      if (available >= offset && page.length < limit) page.push(table.seq[row]);
      available++;
    }
  }
  return { matched, available, page, scanned: Math.min(table.size, word << 5) };
}
