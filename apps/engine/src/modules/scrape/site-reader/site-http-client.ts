import { Inject, Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import http, { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, Socket } from 'node:net';
import { Readable } from 'node:stream';
import tls, { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { connectHost, pinnedLookup } from '../../../infrastructure/outbound/pinned-lookup';
import type { SiteVisit } from './site-visit';

/** The connection (TCP, TLS, or the proxy's CONNECT) could not be made: for https, the cue to try http. */
export class ConnectFailed extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ConnectFailed';
  }
}

export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  /** Decoded body, at most the requested bytes; empty when the body was not wanted. */
  body: Buffer;
}

export interface ExchangeOptions {
  /** Checked addresses to connect to, or null to go through the forward proxy. */
  addresses: string[] | null;
  maxBytes: number;
  wantsBody(status: number, headers: IncomingHttpHeaders): boolean;
}

const describe = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;
const unmapped = (address: string | undefined) => address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * One GET with Node's http/https. Direct requests connect only to the addresses the target guard
 * checked, through a lookup that answers with exactly those (and the connected socket's remote
 * address is checked again); with SCRAPE_PROXY_URL, http goes to the proxy in absolute form and https
 * through a CONNECT tunnel.
 */
@Injectable()
export class SiteHttpClient {
  // One TLS context for every connection: building one loads the whole certificate store.
  private readonly secureContext: tls.SecureContext;
  private readonly proxy: URL | null;

  constructor(@Inject(ENGINE_CONFIG) private readonly config: EngineConfig) {
    const ca = config.SCRAPE_CA_FILE ? [...tls.rootCertificates, readFileSync(config.SCRAPE_CA_FILE, 'utf8')] : undefined;
    this.secureContext = tls.createSecureContext({ ca });
    this.proxy = config.SCRAPE_PROXY_URL ? new URL(config.SCRAPE_PROXY_URL) : null;
  }

  async get(url: URL, visit: SiteVisit, options: ExchangeOptions): Promise<Exchange> {
    const secure = url.protocol === 'https:';
    const host = connectHost(url);
    const port = url.port ? Number(url.port) : secure ? this.config.SCRAPE_HTTPS_PORT : this.config.SCRAPE_HTTP_PORT;
    const path = `${url.pathname}${url.search}`;
    const headers = {
      host: url.host,
      'user-agent': this.config.SCRAPE_USER_AGENT,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'en;q=1.0, *;q=0.5',
    };

    let request: http.ClientRequest;
    if (options.addresses) {
      const direct: https.RequestOptions = {
        host,
        port,
        path,
        headers,
        agent: secure ? visit.agents.https : visit.agents.http,
        lookup: pinnedLookup(options.addresses),
        signal: visit.signal,
      };
      request = secure ? https.request({ ...direct, secureContext: this.secureContext } as https.RequestOptions) : http.request(direct);
    } else if (!secure) {
      const authority = port === 80 ? url.host : `${url.hostname}:${port}`;
      request = http.request({
        host: this.proxy!.hostname,
        port: Number(this.proxy!.port || 80),
        path: `http://${authority}${path}`,
        headers,
        agent: visit.agents.http,
        signal: visit.signal,
      });
    } else {
      const tunnel = await this.tunnel(host, port, visit);
      request = http.request({ host, port, path, headers, createConnection: () => tunnel, signal: visit.signal });
    }
    return this.exchange(request, secure && options.addresses !== null, options);
  }

  private exchange(request: http.ClientRequest, secure: boolean, options: ExchangeOptions): Promise<Exchange> {
    return new Promise((resolve, reject) => {
      let connected = false;
      let connectTimer: NodeJS.Timeout | undefined;
      request.once('socket', (socket: Socket) => {
        if (request.reusedSocket || (!socket.connecting && !secure)) {
          connected = true;
          return;
        }
        connectTimer = setTimeout(() => request.destroy(new ConnectFailed('connect timeout')), this.config.SCRAPE_CONNECT_TIMEOUT_MS);
        socket.once(secure ? 'secureConnect' : 'connect', () => {
          connected = true;
          clearTimeout(connectTimer);
          if (options.addresses && !options.addresses.includes(unmapped(socket.remoteAddress) ?? '')) {
            request.destroy(new Error(`connected to unchecked address ${socket.remoteAddress}`));
          }
        });
      });
      request.once('error', (error) => {
        clearTimeout(connectTimer);
        reject(connected || error instanceof ConnectFailed || error.name === 'AbortError' ? error : new ConnectFailed(describe(error)));
      });
      request.once('response', (response) => {
        clearTimeout(connectTimer);
        connected = true;
        const status = response.statusCode ?? 0;
        if (!options.wantsBody(status, response.headers)) {
          response.destroy();
          resolve({ status, headers: response.headers, body: Buffer.alloc(0) });
          return;
        }
        readCapped(response, options.maxBytes).then((body) => resolve({ status, headers: response.headers, body }), reject);
      });
      request.end();
    });
  }

  /** A CONNECT tunnel through the proxy, with TLS to the site on top; any refusal is a ConnectFailed. */
  private tunnel(host: string, port: number, visit: SiteVisit): Promise<TLSSocket> {
    const authority = isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => connect.destroy(new ConnectFailed('connect timeout')), this.config.SCRAPE_CONNECT_TIMEOUT_MS);
      const connect = http.request({
        host: this.proxy!.hostname,
        port: Number(this.proxy!.port || 80),
        method: 'CONNECT',
        path: authority,
        headers: { host: authority, 'user-agent': this.config.SCRAPE_USER_AGENT },
        agent: false,
        signal: visit.signal,
      });
      connect.once('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof ConnectFailed || error.name === 'AbortError' ? error : new ConnectFailed(describe(error)));
      });
      connect.once('connect', (response: IncomingMessage, socket: Socket) => {
        if (response.statusCode !== 200) {
          clearTimeout(timer);
          socket.destroy();
          reject(new ConnectFailed(`proxy refused CONNECT with ${response.statusCode}`));
          return;
        }
        const secured = tls.connect({ socket, servername: isIP(host) ? undefined : host, secureContext: this.secureContext });
        secured.once('secureConnect', () => {
          clearTimeout(timer);
          resolve(secured);
        });
        secured.once('error', (error) => {
          clearTimeout(timer);
          socket.destroy();
          reject(new ConnectFailed(describe(error)));
        });
      });
      connect.end();
    });
  }
}

/** A lookup that answers with the checked addresses only, whatever DNS would say now. */
/** The body decoded (gzip, deflate, br) and cut at `maxBytes`, so neither a large page nor a compression bomb is read whole. */
function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (complete: boolean) => {
      if (settled) return;
      settled = true;
      if (!complete) {
        response.destroy();
        if (stream !== response) stream.destroy();
      }
      resolve(Buffer.concat(chunks, Math.min(size, maxBytes)));
    };
    const fail = (error: Error) => {
      if (size > 0) settle(false);
      else if (!settled) {
        settled = true;
        reject(error);
      }
    };
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) settle(false);
    });
    stream.once('end', () => settle(true));
    stream.once('error', fail);
    if (stream !== response) response.once('error', fail);
  });
}
