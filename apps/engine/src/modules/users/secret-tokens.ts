import { createHash, randomBytes } from 'node:crypto';

/** A session cookie's or a one-time link's token: 256 random bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens carry 256 random bits, so a fast hash is enough (as for API keys); no token is stored in clear. */
export function hashSecretToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
