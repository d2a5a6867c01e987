import type { WebhookSignatureHeaders } from '../webhook-signature';

/** How one POST ended: the receiver's status code, or why there was none (refused target, timeout, connection). */
export type WebhookSendResult = { status: number } | { error: string };

export interface WebhookPost {
  url: string;
  body: string;
  headers: WebhookSignatureHeaders;
  timeoutMs: number;
}

/** Sends a signed event to a receiver; never throws for the receiver's sake. */
export interface WebhookSender {
  send(post: WebhookPost): Promise<WebhookSendResult>;
}

export const WEBHOOK_SENDER = Symbol('WebhookSender');
