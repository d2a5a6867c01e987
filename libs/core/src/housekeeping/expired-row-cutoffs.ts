const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** An expired, unpaid or unused quote is kept this long, so a late call still hears QUOTE_EXPIRED rather than QUOTE_NOT_FOUND. */
export const EXPIRED_QUOTE_GRACE_MS = HOUR_MS;
/** A paid reveal quote (or a used export quote) answers a retry with its first result this long; then QUOTE_NOT_FOUND. */
export const SETTLED_QUOTE_RETENTION_MS = 30 * DAY_MS;
/** An invite or password link is kept this long past its expiry (used or not), so a late click still hears "expired". */
export const EXPIRED_INVITE_GRACE_MS = DAY_MS;

/** The instants before which each kind of row is deleted (all strictly before). */
export interface ExpiredRowCutoffs {
  /** Quotes never paid or used that expired before this. */
  unsettledQuotesExpiredBefore: Date;
  /** Reveal quotes paid before this. */
  revealQuotesPaidBefore: Date;
  /**
   * Paid before revealQuotesPaidBefore implies expiring before this (a quote is paid after it is created,
   * at most the quote TTL before it expires): the bound on the expiry index that finds them.
   */
  paidRevealQuotesExpiredBefore: Date;
  /** Used export quotes that expired before this (so were used before it too: a quote is used before it expires). */
  usedExportQuotesExpiredBefore: Date;
  invitesExpiredBefore: Date;
}

export function expiredRowCutoffs(now: Date, quoteTtlMs: number): ExpiredRowCutoffs {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return {
    unsettledQuotesExpiredBefore: before(EXPIRED_QUOTE_GRACE_MS),
    revealQuotesPaidBefore: before(SETTLED_QUOTE_RETENTION_MS),
    paidRevealQuotesExpiredBefore: before(SETTLED_QUOTE_RETENTION_MS - quoteTtlMs),
    usedExportQuotesExpiredBefore: before(SETTLED_QUOTE_RETENTION_MS),
    invitesExpiredBefore: before(EXPIRED_INVITE_GRACE_MS),
  };
}
