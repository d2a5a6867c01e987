import type { LeadTable } from '../query/lead-table';
import type { RowBitmap } from '../query/row-bitmap';
import type { LiveLeadTable } from './live-lead-table';

/** One table of a live table as a query sees it. */
export interface LivePart {
  readonly table: LeadTable;
  /** Its rows still current; null when all are. */
  readonly live: RowBitmap | null;
  readonly liveCount: number;
  /** Each of its companies' key across the parts; null when that is the company's index. */
  readonly companyKeys: Uint32Array | null;
}

/** The base first, then each delta, oldest first. */
export function liveParts(live: LiveLeadTable): LivePart[] {
  return [
    { table: live.base, live: live.baseLive, liveCount: live.baseLiveCount, companyKeys: null },
    ...live.deltas.map((delta) => ({ table: delta.table, live: delta.live, liveCount: delta.liveCount, companyKeys: delta.companyKeys })),
  ];
}

/** One more than the largest company key of the parts. */
export function companyKeySpace(parts: readonly LivePart[]): number {
  let space = 0;
  for (const { table, companyKeys } of parts) {
    if (companyKeys === null) space = Math.max(space, table.companyCount);
    else for (let index = 0; index < companyKeys.length; index++) space = Math.max(space, companyKeys[index] + 1);
  }
  return space;
}
