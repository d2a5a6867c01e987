import { formatApiKey, keyLookupPrefix } from './api-key-format';

describe('api key format', () => {
  const key = formatApiKey(Buffer.alloc(32, 7));
  it('starts with the live prefix and carries 256 bits', () => {
    expect(key).toMatch(/^le_live_[A-Za-z0-9_-]{43}$/);
  });
  it('yields a lookup prefix for a well-formed key only', () => {
    expect(keyLookupPrefix(key)).toBe(key.slice(0, 20));
    expect(keyLookupPrefix('le_live_short')).toBeNull();
    expect(keyLookupPrefix('sk_live_' + key.slice(8))).toBeNull();
  });
  it('refuses weak randomness', () => {
    expect(() => formatApiKey(Buffer.alloc(16))).toThrow();
  });
});
