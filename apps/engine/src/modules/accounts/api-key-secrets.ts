import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatApiKey } from '@lead-engine/core';

export function generateApiKey(): string {
  return formatApiKey(randomBytes(32));
}

/** Keys carry 256 random bits, so a fast hash is enough; no key is ever stored in clear. */
export function hashApiKey(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey, 'utf8').digest();
}

export function apiKeyMatches(apiKey: string, storedHash: Buffer): boolean {
  const candidate = hashApiKey(apiKey);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}
