import { tokenBucketDecisions } from './token-bucket-decisions';

describe('tokenBucketDecisions', () => {
  it('lets through as many requests as whole tokens, in arrival order, each told what is left', () => {
    const decisions = tokenBucketDecisions(2.5, 4, 10, 20);
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false, false]);
    expect(decisions.map((decision) => decision.remaining)).toEqual([1, 0, 0, 0]);
    expect(decisions.map((decision) => decision.retryAfterSeconds)).toEqual([0, 0, 1, 1]);
    expect(decisions[0]).toEqual({ allowed: true, limit: 20, remaining: 1, resetSeconds: 2, retryAfterSeconds: 0 });
  });

  it('tells a refused request how long until one token is back', () => {
    expect(tokenBucketDecisions(0.2, 1, 0.1, 5)[0]).toEqual({
      allowed: false,
      limit: 5,
      remaining: 0,
      resetSeconds: 48,
      retryAfterSeconds: 8,
    });
  });

  it('is the same as asking one request at a time', () => {
    let tokens = 7.3;
    const oneByOne = Array.from({ length: 9 }, () => {
      const [decision] = tokenBucketDecisions(tokens, 1, 3, 10);
      if (decision.allowed) tokens -= 1;
      return decision;
    });
    expect(tokenBucketDecisions(7.3, 9, 3, 10)).toEqual(oneByOne);
  });

  it("takes all of a costly request's tokens or none, and tells it how long until they are back", () => {
    const decisions = tokenBucketDecisions(5.5, [1, 10, 3, 2], 2, 20);
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, false, true, false]);
    expect(decisions.map((decision) => decision.remaining)).toEqual([4, 4, 1, 1]);
    expect(decisions[1].retryAfterSeconds).toBe(3);
    expect(tokenBucketDecisions(7.3, [1, 1, 1], 3, 10)).toEqual(tokenBucketDecisions(7.3, 3, 3, 10));
  });
});
