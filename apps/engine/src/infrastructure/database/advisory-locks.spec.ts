import { ADVISORY_LOCKS } from './advisory-locks';

describe('advisory locks', () => {
  it('gives every kind of work a key of its own', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
