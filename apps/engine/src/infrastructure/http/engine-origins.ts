import type { FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { EngineConfig } from '../../config/engine-config.schema';

const ANY_ADDRESS = new Set(['0.0.0.0', '::']);

const hostOf = (address: string) => (address.includes(':') ? `[${address}]` : address).toLowerCase();
/** host:port, the port written out even when it is the scheme's default. */
const withPort = (host: string, protocol = 'http:') =>
  (/:\d+$/.test(host) ? host : `${host}:${protocol === 'https:' ? 443 : 80}`).toLowerCase();

/**
 * Where this engine is reached: PUBLIC_URL, and the address it listens on, by its HOST or, bound to
 * every interface, by each interface's address, and always as localhost. A request's Host header is
 * the client's to write: it counts only when it names one of these, so a link never points at a host
 * the client chose and a page behind a rebound DNS name is not the engine's own.
 */
export class EngineOrigins {
  private readonly publicUrl: string | null;
  private readonly publicOrigin: string | null;
  private readonly allowed: Set<string>;

  constructor(
    private readonly config: Pick<EngineConfig, 'HOST' | 'PUBLIC_URL' | 'MCP_ALLOWED_ORIGINS'>,
    private readonly address: () => AddressInfo | string | null,
  ) {
    this.publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '') ?? null;
    this.publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
    this.allowed = new Set(config.MCP_ALLOWED_ORIGINS);
    if (this.publicOrigin) this.allowed.add(this.publicOrigin);
  }

  /** The hosts (host:port, lower case) that the engine listens on. */
  private servedHosts(): Set<string> {
    const address = this.address();
    if (!address || typeof address === 'string') return new Set();
    const names = new Set(['localhost', '127.0.0.1', '[::1]']);
    if (!ANY_ADDRESS.has(this.config.HOST)) names.add(hostOf(this.config.HOST));
    else {
      for (const entries of Object.values(networkInterfaces())) for (const entry of entries ?? []) names.add(hostOf(entry.address));
    }
    return new Set([...names].map((name) => `${name}:${address.port}`));
  }

  /** The engine's own URL, for when the request's host is not one it serves. */
  private ownOrigin(): string {
    const address = this.address();
    const port = address && typeof address !== 'string' ? address.port : 0;
    return `http://${ANY_ADDRESS.has(this.config.HOST) ? 'localhost' : hostOf(this.config.HOST)}:${port}`;
  }

  private servesHost(host: string): boolean {
    return this.servedHosts().has(withPort(host));
  }

  /** The base of links in an answer: PUBLIC_URL, else the request's own origin when its host is the engine's, else the engine's own. */
  linkBase(request: FastifyRequest): string {
    if (this.publicUrl) return this.publicUrl;
    return this.servesHost(request.host) ? `${request.protocol}://${request.host.toLowerCase()}` : this.ownOrigin();
  }

  /**
   * Whether a browser page at `origin` may call: PUBLIC_URL's origin, one the engine listens on, or
   * one in MCP_ALLOWED_ORIGINS. A value that is not an origin (`null` from a sandboxed page) is not.
   */
  allowsOrigin(origin: string): boolean {
    if (!URL.canParse(origin)) return false;
    const url = new URL(origin);
    if (url.origin === 'null' || url.origin !== origin.toLowerCase().replace(/\/$/, '')) return false;
    return this.allowed.has(url.origin) || (url.protocol === 'http:' && this.servesHost(withPort(url.host, url.protocol)));
  }
}
