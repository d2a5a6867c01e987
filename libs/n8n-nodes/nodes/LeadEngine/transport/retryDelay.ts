const FIRST_BACKOFF_MS = 1_000;
const LONGEST_WAIT_MS = 60_000;

/**
 * How long to wait before retrying a rate-limited call: the server's Retry-After (seconds or an HTTP date)
 * when it sent one, else exponential backoff from one second; never more than a minute.
 */
export function retryDelayMs(retryAfter: unknown, attempt: number, now = Date.now()): number {
  const header = Array.isArray(retryAfter) ? retryAfter[0] : retryAfter;
  let wait = FIRST_BACKOFF_MS * 2 ** attempt;
  if (typeof header === 'string' || typeof header === 'number') {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) wait = seconds * 1000;
    else if (!Number.isNaN(Date.parse(String(header)))) wait = Math.max(0, Date.parse(String(header)) - now);
  }
  return Math.min(Math.max(wait, 0), LONGEST_WAIT_MS);
}
