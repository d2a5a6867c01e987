import type { NormalizedFilters } from '../normalize-filters';
import type { RowBitmap } from '../indexes/row-bitmap';
import { rowsMatching } from '../query/filter-rows';
import { CompiledLeadQuery, compileCompanyFails, compileLeadQuery } from '../query/lead-query';
import type { LeadTable } from '../query/lead-table';
import { scanLeads, scanMatches, ScanOptions, ScanResult } from '../query/scan-leads';
import { RevealedRows } from '../reveals/revealed-rows';
import { liveSize, LiveLeadTable, singleTable } from './live-lead-table';
import { LivePart, liveParts, newestPart } from './live-parts';

export interface LiveScanOptions extends Omit<ScanOptions, 'excluded'> {
  /** Rows of each table of the live table to leave out of browse: the account's reveals. */
  excluded?: (table: LeadTable) => RevealedRows | undefined;
}

/**
 * scanLeads over a live table, as over the one table of its current contacts in seq order: each
 * part's current matching rows, read by scanMatches as one sequence, each company's quota kept across all.
 */
export function scanLiveLeads(live: LiveLeadTable, filters: NormalizedFilters, options: LiveScanOptions = {}): ScanResult {
  const { excluded, ...rest } = options;
  const single = singleTable(live);
  if (single !== null) return scanLeads(single, compileLeadQuery(single, filters), { ...rest, excluded: excluded?.(single) });
  const parts = liveParts(live);
  const companyFails = compileCompanyFails(newestPart(parts).table, filters);
  const tables = parts.map((part) => part.table);
  const matches = parts.map((part) => matchingLiveRows(part, compileLeadQuery(part.table, filters, companyFails)));
  return scanMatches(
    { tables, matches, excluded: tables.map((table) => excluded?.(table)), size: liveSize(live) },
    filters.maxPerCompany,
    rest,
  );
}

/** A part's rows that match and are current (a newer part holds the others' new versions). */
export function matchingLiveRows(part: LivePart, query: CompiledLeadQuery): RowBitmap {
  const rows = rowsMatching(part.table, query);
  const live = part.live;
  if (live !== null) for (let word = 0; word < rows.length; word++) rows[word] &= live[word];
  return rows;
}
