import { expiredRowCutoffs } from './expired-row-cutoffs';

const now = new Date('2026-03-31T12:00:00.000Z');
const TEN_MINUTES = 10 * 60 * 1000;

describe('expiredRowCutoffs', () => {
  const cutoffs = expiredRowCutoffs(now, TEN_MINUTES);

  it('keeps an expired quote nobody paid or used for an hour', () => {
    expect(cutoffs.unsettledQuotesExpiredBefore.toISOString()).toBe('2026-03-31T11:00:00.000Z');
  });

  it('keeps a paid reveal quote 30 days after it was paid, found through its expiry at most a quote TTL later', () => {
    expect(cutoffs.revealQuotesPaidBefore.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(cutoffs.paidRevealQuotesExpiredBefore.toISOString()).toBe('2026-03-01T12:10:00.000Z');
    // A quote paid the minute it was made, 30 days and a second ago, expires within the index bound.
    const paidAt = new Date(cutoffs.revealQuotesPaidBefore.getTime() - 1000);
    expect(paidAt.getTime() + TEN_MINUTES).toBeLessThan(cutoffs.paidRevealQuotesExpiredBefore.getTime());
  });

  it('keeps a used export quote until 30 days after it expired', () => {
    expect(cutoffs.usedExportQuotesExpiredBefore.toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('keeps an invite or password link a day past its expiry', () => {
    expect(cutoffs.invitesExpiredBefore.toISOString()).toBe('2026-03-30T12:00:00.000Z');
  });

  it('moves every cut-off with the clock and the quote TTL', () => {
    const later = expiredRowCutoffs(new Date(now.getTime() + 5000), 60_000);
    expect(later.unsettledQuotesExpiredBefore.getTime() - cutoffs.unsettledQuotesExpiredBefore.getTime()).toBe(5000);
    expect(later.paidRevealQuotesExpiredBefore.getTime() - later.revealQuotesPaidBefore.getTime()).toBe(60_000);
  });
});
