/**
 * Node.js release lines from the Release working group's schedule (github.com/nodejs/Release,
 * schedule.json): when each became LTS (null: never) and when it reaches end of life. An image on a
 * line past its end, or on a line that is not LTS, fails the container test on the day it happens;
 * a line missing here fails it too, so a new base image comes with its dates.
 */
export interface NodeReleaseLine {
  major: number;
  codename: string | null;
  lts: string | null;
  maintenance: string;
  end: string;
}

export const NODE_RELEASE_SCHEDULE: readonly NodeReleaseLine[] = [
  { major: 18, codename: 'Hydrogen', lts: '2022-10-25', maintenance: '2023-10-18', end: '2025-04-30' },
  { major: 20, codename: 'Iron', lts: '2023-10-24', maintenance: '2024-10-22', end: '2026-04-30' },
  { major: 22, codename: 'Jod', lts: '2024-10-29', maintenance: '2025-10-21', end: '2027-04-30' },
  { major: 23, codename: null, lts: null, maintenance: '2025-04-01', end: '2025-06-01' },
  { major: 24, codename: 'Krypton', lts: '2025-10-28', maintenance: '2026-10-20', end: '2028-04-30' },
  { major: 25, codename: null, lts: null, maintenance: '2026-04-01', end: '2026-06-01' },
  { major: 26, codename: null, lts: '2026-10-28', maintenance: '2027-10-20', end: '2029-04-30' },
];

export type NodeLineStatus = 'unknown' | 'not-lts' | 'end-of-life' | 'active-lts' | 'maintenance-lts';

/** What a release line is on a day (YYYY-MM-DD, UTC): its dates are the first day of each phase. */
export function nodeLineStatus(major: number, day: string, schedule: readonly NodeReleaseLine[] = NODE_RELEASE_SCHEDULE): NodeLineStatus {
  const line = schedule.find((candidate) => candidate.major === major);
  if (!line) return 'unknown';
  if (day >= line.end) return 'end-of-life';
  if (line.lts === null || day < line.lts) return 'not-lts';
  return day >= line.maintenance ? 'maintenance-lts' : 'active-lts';
}
