import { Inject, Injectable } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { connectHost, pinnedLookup } from '../../../infrastructure/outbound/pinned-lookup';
import { refusalReason, TargetGuard, WEBHOOK_TARGET_GUARD } from '../../../infrastructure/outbound/target-guard';
import type { WebhookPost, WebhookSender, WebhookSendResult } from './webhook-sender.port';

/** Receivers answer with a status; their body is read only this far, and dropped. */
const MOST_RESPONSE_BYTES = 64 * 1024;
const agentOptions = { keepAlive: true, maxSockets: 64 };

/**
 * POSTs with Node's http/https, directly (never through the scraper's proxy) to the addresses the
 * webhook SSRF guard checked and only those, on kept-alive connections, within one deadline from connecting to the
 * end of the response.
 */
@Injectable()
export class HttpWebhookSender implements WebhookSender {
  private readonly agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  constructor(@Inject(WEBHOOK_TARGET_GUARD) private readonly guard: TargetGuard) {}

  async send({ url: target, body, headers, timeoutMs }: WebhookPost): Promise<WebhookSendResult> {
    const url = new URL(target);
    const check = await this.guard.check(url);
    if (!check.allowed) return { error: `refused: ${refusalReason(check.observation)}` };
    const secure = url.protocol === 'https:';
    const options: https.RequestOptions = {
      method: 'POST',
      host: connectHost(url),
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      headers: {
        ...headers,
        host: url.host,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'LeadEngine-Webhooks/1',
      },
      agent: secure ? this.agents.https : this.agents.http,
      lookup: pinnedLookup(check.addresses!),
      signal: AbortSignal.timeout(timeoutMs),
    };
    return new Promise<WebhookSendResult>((resolve) => {
      const request = (secure ? https : http).request(options, (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MOST_RESPONSE_BYTES) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0 });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      });
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.name === 'AbortError' ? `no answer within ${timeoutMs} ms` : (error.code ?? error.message) }),
      );
      request.end(body);
    });
  }
}
