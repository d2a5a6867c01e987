import { isApiCallError } from './console-client';

/** What a person is told when a request failed: one place maps the engine's codes to words. */
export function describeError(error: unknown): string {
  if (!isApiCallError(error)) return 'Something went wrong. Try again.';
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return 'The email or password is not correct.';
    case 'RATE_LIMITED':
      return error.retryAfterSeconds === null
        ? 'Too many attempts. Wait a little, then try again.'
        : `Too many attempts. Try again in ${formatWait(error.retryAfterSeconds)}.`;
    case 'SESSION_REQUIRED':
      return 'Your session has ended. Sign in again.';
    case 'INVITE_INVALID':
      return 'This link was already used, has expired or is unknown.';
    case 'TRIAL_USED':
      return 'This account has already had its one-time trial, so it cannot be started again.';
    case 'QUOTE_EXPIRED':
      return 'This price was quoted over 10 minutes ago and has expired. Nothing was charged: ask for a new price.';
    case 'QUOTE_MISMATCH':
    case 'QUOTE_NOT_FOUND':
      return 'The selection no longer matches the price shown. Nothing was charged: ask for a new price.';
    case 'INSUFFICIENT_CREDITS':
      return 'The balance is too low for this. Nothing was charged.';
    case 'CROSS_ORIGIN_REQUEST':
      return 'The request was refused because it did not come from this site. Reload the page and try again.';
    default:
      return error.message;
  }
}

/**
 * Starting a scrape holds credits (refunded for sites that cannot be read) and its price is checked, not
 * quoted with an id: its refusals say so.
 */
export function describeScrapeError(error: unknown): string {
  if (!isApiCallError(error)) return describeError(error);
  switch (error.code) {
    case 'QUOTE_MISMATCH':
      return 'The price changed; check it again. Nothing was held.';
    case 'INSUFFICIENT_CREDITS':
      return 'The balance is too low for these sites. Nothing was held.';
    case 'DOMAINS_REQUIRED':
      return 'Give at least one domain, URL or email.';
    case 'TOO_MANY_DOMAINS':
      return 'A scrape reads at most 50,000 sites. Split the list.';
    default:
      return describeError(error);
  }
}

/**
 * Starting an enrichment uploads a CSV and holds credits for its cells (empty ones refunded); the engine
 * says what is wrong with the file, and these words say what to do about it.
 */
export function describeEnrichmentError(error: unknown): string {
  if (!isApiCallError(error)) return describeError(error);
  switch (error.code) {
    case 'QUOTE_MISMATCH':
      return 'The price changed; check it again. Nothing was held.';
    case 'INSUFFICIENT_CREDITS':
      return 'The balance is too low for this file and these fields. Nothing was held.';
    case 'INVALID_CSV':
      return `This file cannot be read as a CSV: ${error.message}`;
    case 'ROWS_MISSING_WEBSITE_OR_EMAIL':
      return `Every row needs a website or an email. ${error.message}${rowsWords(error.details.rows)} Fill them in or remove them, then choose the file again.`;
    case 'TARGET_ICP_REQUIRED':
      return 'ICP grade needs a target ICP: say who you sell to.';
    case 'INVALID_FIELDS':
      return 'Some of these fields are not known to the engine. Reload the page and pick them again.';
    case 'PAYLOAD_TOO_LARGE':
      return `The file is too large for one enrichment: ${error.message} Split it and start each part.`;
    case 'AI_SERVICE_UNAVAILABLE':
      return 'The AI service cannot answer right now. Nothing was held: try again later.';
    default:
      return describeError(error);
  }
}

/** An operator's contacts upload: the engine reads the header at once and says what is wrong with it. */
export function describeContactImportError(error: unknown): string {
  if (!isApiCallError(error)) return describeError(error);
  switch (error.code) {
    case 'INVALID_CSV':
      return `This file cannot be imported: ${error.message} Nothing was kept.`;
    case 'PAYLOAD_TOO_LARGE':
      return `The file is too large for one import: ${error.message} Split it and import each part.`;
    default:
      return describeError(error);
  }
}

/** " Rows 2, 5 and 9." (data rows counted from 1), at most ten of them. */
function rowsWords(rows: unknown): string {
  if (!Array.isArray(rows) || rows.length === 0 || !rows.every((row) => typeof row === 'number')) return '';
  const shown = rows.slice(0, 10).map(String);
  const more = rows.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : shown.length === 1
        ? shown[0]
        : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return ` ${rows.length === 1 ? 'Row' : 'Rows'} ${list} (counting data rows from 1).`;
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
