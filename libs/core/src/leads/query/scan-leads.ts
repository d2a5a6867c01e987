import { bitCount, countInAll, RowBitmap } from '../indexes/row-bitmap';
import { RevealedRows } from '../reveals/revealed-rows';
import { rowsMatching } from './filter-rows';
import type { CompiledLeadQuery } from './lead-query';
import type { LeadTable } from './lead-table';
import { SeqOrderWalk } from './seq-order-walk';

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

/** Several tables' matching rows read as one table in seq order (a live table's parts), each with the rows to leave out. */
export interface ScannedParts {
  tables: readonly LeadTable[];
  matches: RowBitmap[];
  excluded: ReadonlyArray<RevealedRows | undefined>;
  /** The rows they hold that are current, what a whole scan reports as scanned. */
  size: number;
}

const CHECK_EVERY_WORDS = 2048;

/** scanMatches over one table. */
export function scanLeads(table: LeadTable, query: CompiledLeadQuery, options: ScanOptions = {}): ScanResult {
  return scanMatches(
    { tables: [table], matches: [rowsMatching(table, query)], excluded: [options.excluded], size: table.size },
    query.maxPerCompany,
    options,
  );
}

/**
 * The requested window of matches in browse order, and how many there are. Without maxPerCompany
 * the counts are bitmap arithmetic and always exact: the matches' popcount, the excluded rows
 * cleared, the window found by skipping whole words. With maxPerCompany the matches are visited in
 * browse order to apply the cap (before revealed leads are removed, so a company's revealed leads
 * still use up its quota); once the window is filled, `stopOnceFilled` is asked every 65,536 rows
 * whether counting on is still worth it, and when it says no, `matched` and `available` count only
 * the rows scanned. Several tables are read in runs of one table's rows (SeqOrderWalk.nextRun), a
 * word at a time, as one table is.
 */
export function scanMatches(parts: ScannedParts, maxPerCompany: number | null, options: Omit<ScanOptions, 'excluded'> = {}): ScanResult {
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 0;
  if (maxPerCompany === null) return uncappedWindow(parts, offset, limit);
  return cappedWindow(parts, maxPerCompany, offset, limit, options.stopOnceFilled ?? null);
}

/** Matching rows once each company's first `cap` of them (in browse order) are kept. */
export function cappedMatchCount(tables: readonly LeadTable[], matches: RowBitmap[], cap: number): number {
  return cappedWindow({ tables, matches, excluded: [], size: 0 }, cap, 0, 0, null).matched;
}

function uncappedWindow({ tables, matches, excluded, size }: ScannedParts, offset: number, limit: number): ScanResult {
  let matched = 0;
  let cleared = 0;
  for (let part = 0; part < tables.length; part++) {
    matched += countInAll([matches[part]], tables[part].size);
    cleared += excluded[part]?.clearFrom(matches[part]) ?? 0;
  }
  const page: number[] = [];
  const walk = new SeqOrderWalk(tables, matches);
  let skip = offset;
  while (page.length < limit && walk.nextRun()) {
    const { seq } = tables[walk.part];
    const rows = matches[walk.part];
    const { runFrom, runTo } = walk;
    for (let word = runFrom >>> 5; word < (runTo + 31) >>> 5 && page.length < limit; word++) {
      let bits = bitsInRun(rows, word, runFrom, runTo);
      if (skip > 0) {
        const count = bitCount(bits);
        if (count <= skip) {
          skip -= count;
          continue;
        }
        for (; skip > 0; skip--) bits &= bits - 1;
      }
      for (; bits !== 0 && page.length < limit; bits &= bits - 1) page.push(seq[(word << 5) + (31 - Math.clz32(bits & -bits))]);
    }
  }
  return { matched, available: matched - cleared, page, scanned: size };
}

function cappedWindow(
  { tables, matches, excluded, size }: ScannedParts,
  cap: number,
  offset: number,
  limit: number,
  stopOnceFilled: (() => boolean) | null,
): ScanResult {
  const perCompany = new Uint32Array(tables.reduce((keys, table) => Math.max(keys, table.companyCount), 0));
  const walk = new SeqOrderWalk(tables, matches);
  const page: number[] = [];
  let matched = 0;
  let available = 0;
  let read = 0;
  while (walk.nextRun()) {
    const table = tables[walk.part];
    const rows = matches[walk.part];
    const leftOut = excluded[walk.part];
    const excluding = leftOut !== undefined && leftOut.size > 0;
    const { runFrom, runTo } = walk;
    for (let word = runFrom >>> 5; word < (runTo + 31) >>> 5; word++, read++) {
      if (stopOnceFilled !== null && (read & (CHECK_EVERY_WORDS - 1)) === 0 && read > 0 && page.length === limit && stopOnceFilled())
        return { matched, available, page, scanned: walk.rowsPassed() - (runTo - Math.min(runTo, word << 5)) };
      for (let bits = bitsInRun(rows, word, runFrom, runTo); bits !== 0;) {
        const lowest = bits & -bits;
        bits ^= lowest;
        const row = (word << 5) + (31 - Math.clz32(lowest));
        const company = table.company[row];
        if (perCompany[company] >= cap) continue;
        perCompany[company]++;
        matched++;
        if (excluding && leftOut.has(row)) continue;
        if (available >= offset && page.length < limit) page.push(table.seq[row]);
        available++;
      }
    }
  }
  return { matched, available, page, scanned: size };
}

/** The word's set bits that fall in rows [from, to). */
function bitsInRun(rows: RowBitmap, word: number, from: number, to: number): number {
  let bits = rows[word];
  if (word === from >>> 5) bits &= -1 << (from & 31);
  if (word === (to - 1) >>> 5 && (to & 31) !== 0) bits &= (1 << (to & 31)) - 1;
  return bits;
}
