import http from 'node:http';
import https from 'node:https';
import type { TargetCheck } from '../../../infrastructure/outbound/target-guard';

/**
 * One read of one site: its connections (kept alive between robots.txt and the page, closed after),
 * its deadline, the checked addresses of each host and the robots.txt rules of each origin it touched.
 */
export class SiteVisit {
  readonly agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 1 }),
  };
  readonly robots = new Map<string, Promise<(url: URL) => boolean>>();
  /** Each host is checked (and resolved) once per read, so robots.txt and the page go to the same addresses. */
  readonly targets = new Map<string, Promise<TargetCheck>>();
  readonly signal: AbortSignal;

  constructor(timeoutMs: number) {
    this.signal = AbortSignal.timeout(timeoutMs);
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
