const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDate = (iso: string): string => date.format(new Date(iso));

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday" within a week; the date beyond. */
export function formatRelative(iso: string, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < 60_000) return 'just now';
  if (elapsed >= 7 * 86_400_000) return formatDate(iso);
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms)!;
  return relative.format(-Math.floor(elapsed / size), unit);
}
