export interface LoopbackScrape {
  /** host:port of the loopback DNS server the site names resolve through. */
  dnsServer: string;
  httpPort: number;
  httpsPort: number;
  /** A certificate the reader trusts, for https sites signed by it. */
  caFile?: string;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /**
   * How the reader may reach loopback: every private network (the default), only these networks (the
   * rest stays refused), or through a forward proxy that resolves and connects for it.
   */
  reach?: { allowedNetworks: string } | { proxyUrl: string };
}

/**
 * The engine settings that point the website reader at loopback test servers. By default the engine
 * refuses loopback and private addresses and reads sites on ports 80 and 443 through the system's
 * resolver, so a test opts in and sends names and ports to its own servers; no pause between reads.
 */
export function loopbackScrapeEnv({ dnsServer, httpPort, httpsPort, caFile, timeoutMs, connectTimeoutMs, reach }: LoopbackScrape) {
  const env: Record<string, string> = {
    SCRAPE_DNS_SERVERS: dnsServer,
    SCRAPE_HTTP_PORT: String(httpPort),
    SCRAPE_HTTPS_PORT: String(httpsPort),
    SCRAPE_SITE_INTERVAL_MS: '0',
  };
  if (!reach) env.SCRAPE_ALLOW_PRIVATE_NETWORKS = 'true';
  else if ('allowedNetworks' in reach) env.SCRAPE_ALLOWED_NETWORKS = reach.allowedNetworks;
  else env.SCRAPE_PROXY_URL = reach.proxyUrl;
  if (caFile !== undefined) env.SCRAPE_CA_FILE = caFile;
  if (timeoutMs !== undefined) env.SCRAPE_TIMEOUT_MS = String(timeoutMs);
  if (connectTimeoutMs !== undefined) env.SCRAPE_CONNECT_TIMEOUT_MS = String(connectTimeoutMs);
  return env;
}
