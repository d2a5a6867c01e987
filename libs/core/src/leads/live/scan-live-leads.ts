import type { NormalizedFilters } from '../normalize-filters';
import { rowsMatching } from '../query/filter-rows';
import { CompiledLeadQuery, compileCompanyFails, compileLeadQuery } from '../query/lead-query';
import { countInAll, RowBitmap } from '../indexes/row-bitmap';
import { scanLeads, ScanOptions, ScanResult } from '../query/scan-leads';
import type { LeadTable } from '../query/lead-table';
import { RevealedRows } from '../reveals/revealed-rows';
import { liveSize, LiveLeadTable, singleTable } from './live-lead-table';
import { companyKeySpace, LivePart, liveParts, newestPart } from './live-parts';
import { SeqOrderWalk } from '../query/seq-order-walk';

export interface LiveScanOptions extends Omit<ScanOptions, 'excluded'> {
  /** Rows of each table of the live table to leave out of browse: the account's reveals. */
  excluded?: (table: LeadTable) => RevealedRows | undefined;
}

const CHECK_EVERY_ROWS = 65_536;

/**
 * scanLeads over a live table, as over the one table of its current contacts in seq order: each
 * table's current matching rows are walked as one sequence. Without a cap the window is found by
 * skipping whole words of the base between the deltas' rows; with one, each company's quota is kept
 * across all.
 */
export function scanLiveLeads(live: LiveLeadTable, filters: NormalizedFilters, options: LiveScanOptions = {}): ScanResult {
  const { excluded, ...rest } = options;
  const single = singleTable(live);
  if (single !== null) return scanLeads(single, compileLeadQuery(single, filters), { ...rest, excluded: excluded?.(single) });
  const parts = liveParts(live);
  const companyFails = compileCompanyFails(newestPart(parts).table, filters);
  const matches = parts.map((part) => matchingLiveRows(part, compileLeadQuery(part.table, filters, companyFails)));
  const exclusions = parts.map((part) => excluded?.(part.table));
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 0;
  const size = liveSize(live);
  if (filters.maxPerCompany === null) {
    const matched = matches.reduce((sum, rows, index) => sum + countInAll([rows], parts[index].table.size), 0);
    const cleared = matches.reduce((sum, rows, index) => sum + (exclusions[index]?.clearFrom(rows) ?? 0), 0);
    const walk = new SeqOrderWalk(
      parts.map((part) => part.table),
      matches,
    );
    const page: number[] = [];
    if (limit > 0 && walk.skip(offset) === offset) {
      while (page.length < limit && walk.next()) page.push(parts[walk.part].table.seq[walk.row]);
    }
    return { matched, available: matched - cleared, page, scanned: size };
  }
  return cappedLiveWindow(parts, matches, filters.maxPerCompany, exclusions, offset, limit, options.stopOnceFilled ?? null, size);
}

/** Matching rows of the capped count: each company's first `cap` matches in seq order across the parts. */
export function cappedLiveMatchCount(parts: readonly LivePart[], matches: RowBitmap[], cap: number): number {
  return cappedLiveWindow(parts, matches, cap, [], 0, 0, null, 0).matched;
}

function matchingLiveRows(part: LivePart, query: CompiledLeadQuery): RowBitmap {
  const rows = rowsMatching(part.table, query);
  const live = part.live;
  if (live !== null) for (let word = 0; word < rows.length; word++) rows[word] &= live[word];
  return rows;
}

function cappedLiveWindow(
  parts: readonly LivePart[],
  matches: RowBitmap[],
  cap: number,
  exclusions: ReadonlyArray<RevealedRows | undefined>,
  offset: number,
  limit: number,
  stopOnceFilled: (() => boolean) | null,
  size: number,
): ScanResult {
  const perCompany = new Uint32Array(companyKeySpace(parts));
  const walk = new SeqOrderWalk(
    parts.map((part) => part.table),
    matches,
  );
  const page: number[] = [];
  let matched = 0;
  let available = 0;
  let visited = 0;
  // Runs of one part's rows, each read a word at a time as scanLeads reads a single table.
  while (walk.nextRun()) {
    const { table } = parts[walk.part];
    const rows = matches[walk.part];
    const excluded = exclusions[walk.part];
    const excluding = excluded !== undefined && excluded.size > 0;
    const { runFrom, runTo } = walk;
    for (let word = runFrom >>> 5; word <= (runTo - 1) >>> 5; word++) {
      let bits = rows[word];
      if (word === runFrom >>> 5) bits &= -1 << (runFrom & 31);
      if (word === (runTo - 1) >>> 5 && (runTo & 31) !== 0) bits &= (1 << (runTo & 31)) - 1;
      if (stopOnceFilled !== null && (visited += 32) % CHECK_EVERY_ROWS < 32 && page.length === limit && stopOnceFilled())
        return { matched, available, page, scanned: walk.rowsPassed() - (runTo - Math.min(runTo, word << 5)) };
      while (bits !== 0) {
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
  }
  return { matched, available, page, scanned: size };
}
