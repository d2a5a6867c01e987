import { DEFAULT_RETRY_DELAYS_SECONDS, DeliveryRetryPolicy, failedTooLong, nextDeliveryAttempt } from './delivery-schedule';

const HOUR = 3_600_000;
const policy: DeliveryRetryPolicy = {
  delaysMs: DEFAULT_RETRY_DELAYS_SECONDS.map((seconds) => seconds * 1000),
  windowMs: 24 * HOUR,
  disableAfterMs: 72 * HOUR,
};
const start = new Date('2026-11-25T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('delivery schedule', () => {
  it('waits about 5 s, 30 s, 2 min, 10 min, 30 min, then hourly', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 12].map(
      (attempts) => nextDeliveryAttempt(policy, attempts, start, start, () => 0.5)!.getTime() - start.getTime(),
    );
    expect(waits).toEqual([5_000, 30_000, 120_000, 600_000, 1_800_000, HOUR, HOUR, HOUR]);
  });

  it('spreads each wait by at most a fifth either way', () => {
    expect(nextDeliveryAttempt(policy, 1, start, start, () => 0)!.getTime() - start.getTime()).toBe(4_000);
    expect(nextDeliveryAttempt(policy, 1, start, start, () => 0.999999)!.getTime() - start.getTime()).toBe(6_000);
  });

  it('stops once the next attempt would fall after 24 hours from the first', () => {
    expect(nextDeliveryAttempt(policy, 20, start, at(22 * HOUR), () => 0.5)).toEqual(at(23 * HOUR));
    expect(nextDeliveryAttempt(policy, 21, start, at(23 * HOUR), () => 0.5)).toEqual(at(24 * HOUR));
    expect(nextDeliveryAttempt(policy, 22, start, at(24 * HOUR), () => 0.5)).toBeNull();
  });

  it('disables an endpoint after three days of failing', () => {
    expect(failedTooLong(policy, start, at(72 * HOUR - 1))).toBe(false);
    expect(failedTooLong(policy, start, at(72 * HOUR))).toBe(true);
  });
});
