import { expiringTrialCredits, isPlanName, nextRenewal, TRIAL_CREDITS } from './credit-allowances';

describe('nextRenewal', () => {
  it('keeps the day of month', () => {
    expect(nextRenewal(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe('2026-04-15T10:00:00.000Z');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(nextRenewal(new Date('2026-01-31T00:00:00Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
  it('rolls over the year', () => {
    expect(nextRenewal(new Date('2026-12-05T00:00:00Z')).toISOString()).toBe('2027-01-05T00:00:00.000Z');
  });
});

describe('expiringTrialCredits', () => {
  it('expires the unspent part of the trial grant', () => {
    expect(expiringTrialCredits(10_300, 1_000)).toBe(TRIAL_CREDITS - 1_000);
  });
  it('never expires more than the balance', () => {
    expect(expiringTrialCredits(50, 0)).toBe(50);
  });
  it('expires nothing once the trial grant was spent', () => {
    expect(expiringTrialCredits(500, 12_000)).toBe(0);
  });
});

test('plan names', () => {
  expect(isPlanName('growth')).toBe(true);
  expect(isPlanName('toString')).toBe(false);
});
