export const API_KEY_PREFIX = 'le_live_';
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const KEY_LOOKUP_LENGTH = 12;

/** The part of a key stored in clear to find its row; the rest is only ever stored hashed. */
export function keyLookupPrefix(apiKey: string): string | null {
  if (!apiKey.startsWith(API_KEY_PREFIX)) return null;
  const secret = apiKey.slice(API_KEY_PREFIX.length);
  if (!SECRET_PATTERN.test(secret)) return null;
  return apiKey.slice(0, API_KEY_PREFIX.length + KEY_LOOKUP_LENGTH);
}

export function formatApiKey(randomBytes32: Buffer): string {
  if (randomBytes32.length !== 32) throw new Error('an API key needs 32 random bytes');
  return API_KEY_PREFIX + randomBytes32.toString('base64url');
}
