import { loadEngineConfig } from '../../config/load-engine-config';
import type { HostResolver } from './host-resolver.port';
import { scrapeTargetPolicy, TargetGuard, webhookTargetPolicy } from './target-guard';

const resolver = (answers: Record<string, string[]>): HostResolver => ({ resolve: async (host) => answers[host] ?? [] });
const dns = resolver({ 'public.test': ['93.184.216.34'], 'rebound.test': ['93.184.216.34', '127.0.0.1'], 'compat.test': ['::7f00:1'] });

describe('TargetGuard', () => {
  const config = loadEngineConfig({ SCRAPE_ALLOW_PRIVATE_NETWORKS: 'true', SCRAPE_ALLOWED_NETWORKS: '127.0.0.1/32' });

  it('applies the scrape settings to site reads only: webhook targets stay public unless the WEBHOOK_* settings open them', async () => {
    const scrape = new TargetGuard(scrapeTargetPolicy(config), dns);
    const webhook = new TargetGuard(webhookTargetPolicy(config), dns);
    expect(await scrape.check(new URL('http://127.0.0.1:9/'))).toEqual({ allowed: true, addresses: ['127.0.0.1'] });
    expect(await webhook.check(new URL('http://127.0.0.1:9/'))).toEqual({
      allowed: false,
      observation: { kind: 'refused-address', host: '127.0.0.1', address: '127.0.0.1', range: 'loopback' },
    });
    const opened = new TargetGuard(webhookTargetPolicy(loadEngineConfig({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' })), dns);
    expect(await opened.check(new URL('http://127.0.0.1:9/'))).toEqual({ allowed: true, addresses: ['127.0.0.1'] });
    expect((await opened.check(new URL('http://127.0.0.2:9/'))).allowed).toBe(false);
  });

  it('refuses a name with any refused answer, and IPv4-compatible IPv6 however it is written', async () => {
    const webhook = new TargetGuard(webhookTargetPolicy(loadEngineConfig({})), dns);
    expect(await webhook.check(new URL('https://public.test/'))).toEqual({ allowed: true, addresses: ['93.184.216.34'] });
    expect(await webhook.check(new URL('https://rebound.test/'))).toMatchObject({ allowed: false, observation: { range: 'loopback' } });
    for (const url of ['http://[::127.0.0.1]/', 'http://[::a9fe:a9fe]/', 'https://compat.test/']) {
      expect(await webhook.check(new URL(url))).toMatchObject({ allowed: false, observation: { range: 'ipv4Compatible' } });
    }
    expect(await webhook.check(new URL('https://nowhere.test/'))).toEqual({
      allowed: false,
      observation: { kind: 'no-dns-answer', host: 'nowhere.test' },
    });
  });

  it("leaves names to the scraper's proxy, but never a webhook's", async () => {
    const proxied = loadEngineConfig({ SCRAPE_PROXY_URL: 'http://127.0.0.1:3128' });
    expect(await new TargetGuard(scrapeTargetPolicy(proxied), dns).check(new URL('https://rebound.test/'))).toEqual({
      allowed: true,
      addresses: null,
    });
    expect((await new TargetGuard(webhookTargetPolicy(proxied), dns).check(new URL('https://rebound.test/'))).allowed).toBe(false);
  });
});
