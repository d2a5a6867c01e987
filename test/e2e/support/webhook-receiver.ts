import { createServer, IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookEventSchema, WebhookEvent } from '@lead-engine/contracts';
import { until } from './until';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The event a delivery carries, as a Standard Webhooks library verifies it with `secret`; throws when the signature is not good. */
export function verifiedEvent(delivery: ReceivedWebhook, secret: string): WebhookEvent {
  return webhookEventSchema.parse(
    new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }),
  );
}

/** How a path answers one delivery: a status code, or nothing at all (the request is left hanging). */
export type ReceiverAnswer = number | 'hang';

/**
 * A real HTTP server on loopback standing in for customers' webhook receivers: every POST is recorded
 * by path, and each path answers as it is told (200 unless told otherwise).
 */
export class WebhookReceiver {
  private server: Server | null = null;
  private readonly received: ReceivedWebhook[] = [];
  private readonly answers = new Map<string, (delivery: ReceivedWebhook, nth: number) => ReceiverAnswer>();
  private readonly hanging = new Set<ServerResponse>();

  async start(): Promise<this> {
    this.server = createServer((request, response) => this.receive(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  /** `answer` gets each delivery to the path and how many the path had before it. */
  answer(path: string, answer: (delivery: ReceivedWebhook, nth: number) => ReceiverAnswer): this {
    this.answers.set(path, answer);
    return this;
  }

  requests(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  waitFor(path: string, count: number, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
    return until(
      `${count} deliveries to ${path}`,
      async () => (this.requests(path).length >= count ? this.requests(path) : undefined),
      () => `received: ${JSON.stringify(this.requests(path).map((request) => request.headers['webhook-id']))}`,
      timeoutMs,
    );
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private receive(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const delivery = { path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const nth = this.requests(path).length;
      this.received.push(delivery);
      const answer = this.answers.get(path)?.(delivery, nth) ?? 200;
      if (answer === 'hang') {
        this.hanging.add(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
    });
  }
}
