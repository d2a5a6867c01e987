import http, { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export type SiteHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface SiteRequest {
  scheme: 'http' | 'https';
  host: string;
  path: string;
  userAgent: string;
}

export interface PageOptions {
  status?: number;
  headers?: Record<string, string>;
  /** robots.txt body; without it /robots.txt is a 404. */
  robots?: string;
}

/**
 * Real HTTP (and optionally HTTPS) servers on one loopback address standing in for many websites,
 * told apart by the Host header. Every request is recorded, so a test can prove that nothing reached
 * a site it should not have.
 */
export class LoopbackSites {
  readonly requests: SiteRequest[] = [];
  private readonly sites = new Map<string, SiteHandler>();
  private readonly servers: http.Server[] = [];
  httpPort = 0;
  httpsPort = 0;

  constructor(readonly address = '127.0.0.1') {}

  /** Listens for http on `httpPort` (0 for any) and, with a certificate, for https on `httpsPort`. */
  async start(options: { httpPort?: number; httpsPort?: number; tls?: { key: string; cert: string } } = {}): Promise<this> {
    this.httpPort = await this.listen(http.createServer(this.handle('http')), options.httpPort ?? 0);
    if (options.tls) this.httpsPort = await this.listen(https.createServer(options.tls, this.handle('https')), options.httpsPort ?? 0);
    return this;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  }

  site(host: string, handler: SiteHandler): this {
    this.sites.set(host, handler);
    return this;
  }

  /** A site that answers `/` with this body (HTML unless the headers say otherwise). */
  page(host: string, body: string | Buffer, options: PageOptions = {}): this {
    return this.site(host, (request, response) => {
      if (request.url === '/robots.txt') {
        if (options.robots === undefined) response.writeHead(404).end('not found');
        else response.writeHead(200, { 'content-type': 'text/plain' }).end(options.robots);
        return;
      }
      response.writeHead(options.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...options.headers }).end(body);
    });
  }

  /** Requests that reached a host (and path), over either scheme. */
  count(host: string, path?: string): number {
    return this.requests.filter((request) => request.host === host && (path === undefined || request.path === path)).length;
  }

  private handle(scheme: 'http' | 'https') {
    return (request: IncomingMessage, response: ServerResponse) => {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '');
      this.requests.push({ scheme, host, path: request.url ?? '', userAgent: request.headers['user-agent'] ?? '' });
      const handler = this.sites.get(host);
      if (handler) handler(request, response);
      else response.writeHead(404).end('no such site');
    };
  }

  private async listen(server: http.Server, port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.address, () => resolve());
    });
    this.servers.push(server);
    return (server.address() as AddressInfo).port;
  }
}

/** An HTML page with a title, a description and a paragraph of text. */
export function htmlPage(title: string, text: string, description = ''): string {
  const meta = description ? `<meta name="description" content="${description}">` : '';
  return `<!doctype html><html><head><title>${title}</title>${meta}<script>var tracking = true;</script></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}
