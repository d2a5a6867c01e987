import type { UsageDay } from '@lead-engine/contracts/console';

/** The kinds a day's spending is stacked by, each with its own colour (at least 3:1 against white). */
export const DAY_SERIES: Array<{ key: keyof Omit<UsageDay, 'day'>; label: string; colour: string }> = [
  { key: 'reveal', label: 'Reveal', colour: '#364fc7' },
  { key: 'export', label: 'Export', colour: '#0b7285' },
  { key: 'scrape', label: 'Scrape', colour: '#d9480f' },
  { key: 'enrichment', label: 'Enrichment', colour: '#862e9c' },
  { key: 'icp', label: 'ICP', colour: '#2b8a3e' },
  { key: 'refunds', label: 'Refunds (given back)', colour: '#5c5f66' },
];

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2026-11-03" → "Nov 3" (the day is UTC). */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
