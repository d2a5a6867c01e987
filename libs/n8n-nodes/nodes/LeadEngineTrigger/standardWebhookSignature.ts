import { createHmac, timingSafeEqual } from 'node:crypto';

/** Deliveries signed longer ago (or further ahead) than this are refused, so a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const SECRET_PREFIX = 'whsec_';

/** The Standard Webhooks headers of a delivery, as the request carried them (absent, or repeated, when malformed). */
export interface SignatureHeaders {
  'webhook-id'?: string | string[];
  'webhook-timestamp'?: string | string[];
  'webhook-signature'?: string | string[];
}

/**
 * Whether a delivery is signed with the secret, as the Standard Webhooks specification says: HMAC-SHA256,
 * keyed with the base64-decoded secret after `whsec_`, over `<webhook-id>.<webhook-timestamp>.<raw body>`,
 * sent as space-separated `v1,<base64>` signatures of which any one may match (the engine adds one per
 * secret during a rotation). Compared in constant time; a timestamp outside the tolerance fails.
 */
export function isValidSignature(secret: string, headers: SignatureHeaders, rawBody: Buffer, nowSeconds: number): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (id === '' || !/^\d{1,15}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;

  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  if (key.length === 0) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest();

  return signatures.split(' ').some((entry) => {
    const separator = entry.indexOf(',');
    if (separator < 0 || entry.slice(0, separator) !== 'v1') return false;
    const given = Buffer.from(entry.slice(separator + 1), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
