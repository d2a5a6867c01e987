import type { LeadTable } from '../query/lead-table';
import type { RowBitmap } from '../query/row-bitmap';
import type { LiveLeadTable } from './live-lead-table';

/** One table of a live table as a query sees it. */
export interface LivePart {
  readonly table: LeadTable;
  /** Its rows still current; null when all are. */
  readonly live: RowBitmap | null;
  readonly liveCount: number;
}

/** The base first, then each delta, oldest first. */
export function liveParts(live: LiveLeadTable): LivePart[] {
  return [
    { table: live.base, live: live.baseLive, liveCount: live.baseLiveCount },
    ...live.deltas.map((delta) => ({ table: delta.table, live: delta.live, liveCount: delta.liveCount })),
  ];
}

/** The part built last, whose companies are every part's: the parts share one company store. */
export function newestPart(parts: readonly LivePart[]): LivePart {
  return parts.reduce((newest, part) => (part.table.companyCount > newest.table.companyCount ? part : newest));
}

/** The company keys the parts' rows use: below the newest part's company count. */
export function companyKeySpace(parts: readonly LivePart[]): number {
  return newestPart(parts).table.companyCount;
}
