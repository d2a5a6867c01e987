import type { NormalizedFilters } from '../normalize-filters';
import { compileCompanyFails, compileLeadQuery } from '../query/lead-query';
import type { LeadTable } from '../query/lead-table';
import type { RevealedRows } from '../reveals/revealed-rows';
import type { LiveLeadTable } from './live-lead-table';
import { liveParts, newestPart } from './live-parts';
import { matchingLiveRows } from './scan-live-leads';

/**
 * The seqs of an account's revealed leads that match the filters as they stand now (maxPerCompany
 * aside: it caps what browse offers, not what the account owns). It visits the revealed rows, not the
 * table, once the matches are known: the cost is one filter pass plus the account's reveals.
 */
export function revealedSeqsMatching(
  live: LiveLeadTable,
  filters: NormalizedFilters,
  revealedOf: (table: LeadTable) => RevealedRows,
): number[] {
  const parts = liveParts(live);
  const companyFails = parts.length > 1 ? compileCompanyFails(newestPart(parts).table, filters) : undefined;
  const seqs: number[] = [];
  for (const part of parts) {
    const revealed = revealedOf(part.table);
    if (revealed.size === 0) continue;
    const matches = matchingLiveRows(part, compileLeadQuery(part.table, filters, companyFails));
    const seqOf = part.table.seq;
    for (const row of revealed) if ((matches[row >>> 5] & (1 << (row & 31))) !== 0) seqs.push(seqOf[row]);
  }
  return seqs;
}
