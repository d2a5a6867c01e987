import type { UsageDay } from '@lead-engine/contracts';
import type { DayTotal } from './usage-ledger.repository';

export const OVERVIEW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const CHARTED = ['reveal', 'export', 'scrape', 'enrichment', 'icp'] as const;
type Charted = (typeof CHARTED)[number];
const isCharted = (purpose: string): purpose is Charted => (CHARTED as readonly string[]).includes(purpose);

/** The UTC day `daysBack` days before `now`'s, as YYYY-MM-DD. */
export function utcDayBefore(now: Date, daysBack: number): string {
  return new Date(now.getTime() - daysBack * DAY_MS).toISOString().slice(0, 10);
}

/** The last 30 UTC days, oldest first: credits spent (spends and holds) by kind, and credits refunded. */
export function overviewDays(totals: readonly DayTotal[], now: Date): UsageDay[] {
  const days = new Map<string, UsageDay>();
  for (let back = OVERVIEW_DAYS - 1; back >= 0; back--) {
    const day = utcDayBefore(now, back);
    days.set(day, { day, reveal: 0, export: 0, scrape: 0, enrichment: 0, icp: 0, refunds: 0 });
  }
  for (const total of totals) {
    const day = days.get(total.day);
    if (!day || !isCharted(total.purpose)) continue;
    if (total.movement === 'refund') day.refunds += total.amount;
    else if (total.movement === 'spend' || total.movement === 'hold') day[total.purpose] += total.amount;
  }
  return [...days.values()];
}

/** Credits the account used in the last 7 UTC days (today included), net of refunds. */
export function netSpentLast7Days(totals: readonly DayTotal[], now: Date): number {
  const since = utcDayBefore(now, 6);
  return totals
    .filter((total) => total.day >= since && isCharted(total.purpose))
    .reduce((sum, total) => sum + (total.movement === 'refund' ? -total.amount : total.movement === 'grant' ? 0 : total.amount), 0);
}
