import type { LiveLeadTable, LivePart } from './live-lead-table';

export type { LivePart } from './live-lead-table';

/** The segments in seq order, then each delta, oldest first. */
export function liveParts(live: LiveLeadTable): LivePart[] {
  return [...live.segments, ...live.deltas];
}

/** The part built last, whose companies are every part's: the parts share one company store. */
export function newestPart(parts: readonly LivePart[]): LivePart {
  return parts.reduce((newest, part) => (part.table.companyCount > newest.table.companyCount ? part : newest));
}

/** The company keys the parts' rows use: below the newest part's company count. */
export function companyKeySpace(parts: readonly LivePart[]): number {
  return newestPart(parts).table.companyCount;
}
