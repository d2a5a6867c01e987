import { Webhook } from 'standardwebhooks';

/** The Standard Webhooks headers of one delivery attempt. */
export interface WebhookSignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs a delivery as the Standard Webhooks specification says (HMAC-SHA256 over id, timestamp and
 * body), through its maintained library, so any Standard Webhooks library verifies it. Each secret
 * given adds a signature: the current one and, for 24 h after a rotation, the one it replaced, so a
 * receiver still holding either accepts the delivery.
 */
export function signWebhook(messageId: string, sentAt: Date, body: string, secrets: readonly string[]): WebhookSignatureHeaders {
  if (secrets.length === 0) throw new Error('a webhook is signed with at least one secret');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body)).join(' '),
  };
}
