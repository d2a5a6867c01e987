import { LoopbackDnsServer } from '../../../bench/src/support/loopback-dns-server';
import { Harness } from './harness';
import { loopbackScrapeEnv } from './loopback-scrape-env';
import { htmlPage, LoopbackSites } from './loopback-sites';

/**
 * The websites the usage files scrape: good.web.test answers, slow.web.test holds every answer until
 * released (a job that stays running, holding its credits), down.web.test has nothing listening.
 */
export class UsageWebsites {
  private sites!: LoopbackSites;
  private dns!: LoopbackDnsServer;
  private readonly heldAnswers: Array<() => void> = [];

  /** In `prepare`: the sites and their DNS server, stopped after the file. */
  async start(harness: Harness): Promise<void> {
    this.sites = harness.stopAfterAll(await new LoopbackSites().start());
    this.sites.page('good.web.test', htmlPage('Good', 'We make industrial pumps for breweries and dairies across Europe. '.repeat(20)));
    this.sites.site('slow.web.test', (request, response) => {
      if (request.url === '/robots.txt') return void response.writeHead(404).end('not found');
      this.heldAnswers.push(() => response.end(htmlPage('Slow', 'Eventually some text about slow things. '.repeat(20))));
    });
    this.dns = harness.stopAfterAll(
      await new LoopbackDnsServer().set('*.web.test', ['127.0.0.1']).set('down.web.test', ['127.0.0.4']).start(),
    );
  }

  /** Once the engine has started: its shutdown waits for the jobs it runs, so held answers go first. */
  releaseOnClose(harness: Harness): void {
    harness.closeAfterAll(async () => this.releaseSlowSite());
  }

  get env(): Record<string, string> {
    return loopbackScrapeEnv({
      dnsServer: this.dns.address,
      httpPort: this.sites.httpPort,
      httpsPort: this.sites.httpPort,
      timeoutMs: 60_000,
      connectTimeoutMs: 2000,
    });
  }

  get slowSiteAsked(): boolean {
    return this.heldAnswers.length > 0;
  }

  releaseSlowSite(): void {
    this.heldAnswers.splice(0).forEach((release) => release());
  }
}
