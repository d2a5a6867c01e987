import { retryAfterSeconds, SIGN_IN_THROTTLE_POLICY, signInWaitMs } from './sign-in-throttle';

describe('sign-in throttle schedule', () => {
  it('lets the first four failures go free and makes the fifth start a 30 s wait', () => {
    expect([1, 2, 3, 4].map((failures) => signInWaitMs(failures))).toEqual([0, 0, 0, 0]);
    expect(signInWaitMs(5)).toBe(30_000);
  });

  it('doubles the wait with each failure after a wait, up to 15 minutes', () => {
    expect([6, 7, 8, 9, 10].map((failures) => signInWaitMs(failures))).toEqual([60_000, 120_000, 240_000, 480_000, 900_000]);
    expect(signInWaitMs(11)).toBe(900_000);
    expect(signInWaitMs(10_000)).toBe(900_000);
  });

  it('follows a policy with another base wait', () => {
    const policy = { ...SIGN_IN_THROTTLE_POLICY, baseWaitMs: 500, maxWaitMs: 1_500 };
    expect([4, 5, 6, 7].map((failures) => signInWaitMs(failures, policy))).toEqual([0, 500, 1_000, 1_500]);
  });

  it('announces whole seconds, rounded up, and at least one', () => {
    expect(retryAfterSeconds(30_000, 0)).toBe(30);
    expect(retryAfterSeconds(30_001, 0)).toBe(31);
    expect(retryAfterSeconds(1_000, 999)).toBe(1);
    expect(retryAfterSeconds(1_000, 1_000)).toBe(1);
  });
});
