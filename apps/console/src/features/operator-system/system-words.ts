const count = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const formatCount = (value: number) => count.format(value);

// Powers of 1024 named as PostgreSQL's pg_size_pretty names them, so that the figures match psql's.
const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/** "512 bytes", "12.4 MB", "130 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 100 ? oneDecimal.format(value) : count.format(Math.round(value))} ${BYTE_UNITS[unit]}`;
}

/** "45 s", "3 min", "2 h 5 min", "3 days 4 h": the two largest units, rounded down. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min`;
  const [larger, smaller] =
    whole < 86_400
      ? [`${Math.floor(whole / 3600)} h`, Math.floor((whole % 3600) / 60) && `${Math.floor((whole % 3600) / 60)} min`]
      : [daysWords(Math.floor(whole / 86_400)), Math.floor((whole % 86_400) / 3600) && `${Math.floor((whole % 86_400) / 3600)} h`];
  return smaller ? `${larger} ${smaller}` : larger;
}

const daysWords = (days: number) => (days === 1 ? '1 day' : `${count.format(days)} days`);

/** "just now", "8 s ago", "3 min ago": how long before `now` (when the figures were read). */
export function formatAgo(iso: string, now: number): string {
  const seconds = (now - Date.parse(iso)) / 1000;
  return seconds < 5 ? 'just now' : `${formatDuration(seconds)} ago`;
}
