import { promises as dns } from 'node:dns';
import type { HostResolver } from './host-resolver.port';

const LOOKUP_TIMEOUT_MS = 3_000;

/**
 * The real resolver: the system's (getaddrinfo, so /etc/hosts counts) or, when servers are given,
 * those DNS servers asked directly for A and AAAA records. Failures of any kind are "no answer".
 */
export class DnsHostResolver implements HostResolver {
  private readonly resolver: dns.Resolver | null;

  constructor(servers: string[] = []) {
    if (servers.length === 0) {
      this.resolver = null;
      return;
    }
    this.resolver = new dns.Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
    this.resolver.setServers(servers);
  }

  async resolve(host: string): Promise<string[]> {
    if (!this.resolver) {
      try {
        return (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
      } catch {
        return [];
      }
    }
    const answers = await Promise.allSettled([this.resolver.resolve4(host), this.resolver.resolve6(host)]);
    return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  }
}

/** `SCRAPE_DNS_SERVERS` as a list; node:dns takes `host`, `host:port` and `[v6]:port`. */
export function parseDnsServers(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
}
