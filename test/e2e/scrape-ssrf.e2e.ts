import { LoopbackDnsServer } from '../../bench/src/support/loopback-dns-server';
import { freePort } from './support/engine-under-test';
import { ForwardProxy } from './support/forward-proxy';
import { useHarness } from './support/harness';
import { expectLedgerInvariant } from './support/ledger-invariant';
import { loopbackScrapeEnv } from './support/loopback-scrape-env';
import { htmlPage, LoopbackSites } from './support/loopback-sites';
import { ScrapeClient } from './support/scrape-client';
import { selfSignedCertificate } from './support/self-signed-certificate';

describe('scrape: SSRF protection (private networks refused by default)', () => {
  let sites: LoopbackSites;
  let traps: LoopbackSites[];
  let dns: LoopbackDnsServer;
  let httpsPort: number;
  let scrape: ScrapeClient;
  const harness = useHarness({
    label: 'scrape_ssrf',
    prepare: async (harness) => {
      // The only exemption is the site server's own address; everything else private is refused, and
      // servers on 127.0.0.2 and [::1] (same port) prove that no refused request ever leaves.
      sites = harness.stopAfterAll(await new LoopbackSites('127.0.0.1').start());
      traps = [
        harness.stopAfterAll(await new LoopbackSites('127.0.0.2').start({ httpPort: sites.httpPort })),
        harness.stopAfterAll(await new LoopbackSites('::1').start({ httpPort: sites.httpPort })),
      ];
      for (const trap of traps) trap.site('*', (_request, response) => response.end('secret'));
      dns = harness.stopAfterAll(
        await new LoopbackDnsServer()
          .set('fine.test', ['127.0.0.1'])
          .set('inside.test', ['127.0.0.2'])
          .set('metadata.test', ['169.254.169.254'])
          .set('v6-loopback.test', ['::1'])
          .set('mapped.test', ['::ffff:127.0.0.2'])
          .set('ula.test', ['fd00:ec2::254'])
          .set('cgnat.test', ['100.64.0.1'])
          .set('rfc1918.test', ['10.0.0.5'])
          .set('mixed.test', ['127.0.0.1', '10.0.0.5'])
          .set('*.hop.test', ['127.0.0.1'])
          .start(),
      );
      httpsPort = await freePort();
    },
    env: () =>
      loopbackScrapeEnv({
        dnsServer: dns.address,
        httpPort: sites.httpPort,
        httpsPort,
        timeoutMs: 5000,
        reach: { allowedNetworks: '127.0.0.1/32' },
      }),
  });

  beforeAll(async () => {
    const { apiKey } = await harness.createAccount('Attacker', 10_000);
    scrape = new ScrapeClient(harness.url, apiKey);
    sites.page('fine.test', htmlPage('Fine', 'An allowed site'));
    sites.page('mixed.test', htmlPage('Mixed', 'Should never be read'));
  });

  afterEach(() => {
    for (const trap of traps) expect(trap.requests).toEqual([]);
  });

  it('reads an allowed site (the control)', async () => {
    const { items } = await scrape.scrape(['fine.test']);
    expect(items).toMatchObject([{ domain: 'fine.test', status: 'ok' }]);
  });

  it.each([
    ['dotted', '127.0.0.2', '127.0.0.2'],
    ['decimal', '2130706434', '127.0.0.2'],
    ['octal', '0177.0.0.2', '127.0.0.2'],
    ['hex', '0x7f000002', '127.0.0.2'],
    ['hex dotted', '0x7f.0.0.2', '127.0.0.2'],
    ['short', '127.2', '127.0.0.2'],
    ['a URL with a port', 'http://127.0.0.2:8080/admin', '127.0.0.2'],
    ['IPv6 loopback', 'http://[::1]/', '[::1]'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.2]/', '[::ffff:7f00:2]'],
    ['cloud metadata', '169.254.169.254', '169.254.169.254'],
    ['IPv6 cloud metadata', 'http://[fd00:ec2::254]/latest', '[fd00:ec2::254]'],
    ['RFC 1918', '10.0.0.1', '10.0.0.1'],
    ['CGNAT', '100.64.0.1', '100.64.0.1'],
    ['unspecified', '0.0.0.0', '0.0.0.0'],
    ['multicast', '224.0.0.1', '224.0.0.1'],
  ])('refuses a literal address in %s notation (%s) as invalid, without a request', async (_name, input, domain) => {
    const { job, items } = await scrape.scrape([input]);
    expect(items).toEqual([{ domain, status: 'invalid', reason: 'private_address', http_status: null, text: '', chars: 0, cached: false }]);
    expect(job).toMatchObject({ invalid: 1, credits_refunded: 1 });
  });

  it('refuses host names whose DNS answers are private, link-local, unique-local, CGNAT or mapped — any one answer is enough', async () => {
    const names = [
      'inside.test',
      'metadata.test',
      'v6-loopback.test',
      'mapped.test',
      'ula.test',
      'cgnat.test',
      'rfc1918.test',
      'mixed.test',
    ];
    const { job, byDomain } = await scrape.scrape(names);
    expect(job).toMatchObject({ total: names.length, invalid: names.length, credits_refunded: names.length });
    for (const name of names) expect(byDomain.get(name)).toMatchObject({ status: 'invalid', reason: 'private_address' });
    expect(sites.count('mixed.test')).toBe(0);
  });

  it('checks every redirect hop like the first: a redirect to a private address is refused', async () => {
    const redirectTo = (host: string, location: string) =>
      sites.site(host, (request, response) => {
        if (request.url === '/robots.txt') return response.writeHead(404).end();
        response.writeHead(302, { location }).end();
      });
    redirectTo('to-name.hop.test', 'http://inside.test/');
    redirectTo('to-metadata.hop.test', 'http://169.254.169.254/latest/meta-data/');
    redirectTo('to-decimal.hop.test', 'http://2130706434/');
    redirectTo('to-v6.hop.test', 'http://[::1]/');
    redirectTo('to-mapped-name.hop.test', 'https://mapped.test/');
    redirectTo('to-fine.hop.test', `http://fine.test:${sites.httpPort}/`);
    const { byDomain } = await scrape.scrape([
      'to-name.hop.test',
      'to-metadata.hop.test',
      'to-decimal.hop.test',
      'to-v6.hop.test',
      'to-mapped-name.hop.test',
      'to-fine.hop.test',
    ]);
    expect(Object.fromEntries([...byDomain].map(([domain, item]) => [domain, item.status]))).toEqual({
      'to-name.hop.test': 'invalid',
      'to-metadata.hop.test': 'invalid',
      'to-decimal.hop.test': 'invalid',
      'to-v6.hop.test': 'invalid',
      'to-mapped-name.hop.test': 'invalid',
      'to-fine.hop.test': 'ok',
    });
  });
});

describe('scrape: through an HTTP forward proxy (SCRAPE_PROXY_URL)', () => {
  let sites: LoopbackSites;
  let proxy: ForwardProxy;
  let dns: LoopbackDnsServer;
  let certificate: ReturnType<typeof selfSignedCertificate>;
  const harness = useHarness({
    label: 'scrape_proxy',
    prepare: async (harness) => {
      certificate = selfSignedCertificate(['tls.proxied.test']);
      sites = harness.stopAfterAll(await new LoopbackSites().start({ tls: certificate }));
      proxy = harness.stopAfterAll(await new ForwardProxy((authority) => authority.startsWith('tls.proxied.test:')).start());
      dns = harness.stopAfterAll(await new LoopbackDnsServer().start());
    },
    env: () =>
      loopbackScrapeEnv({
        dnsServer: dns.address,
        httpPort: sites.httpPort,
        httpsPort: sites.httpsPort,
        caFile: certificate.certFile,
        reach: { proxyUrl: proxy.url },
      }),
  });

  it('sends every request through the proxy — CONNECT for https, absolute-form for http — and resolves nothing itself', async () => {
    sites.page('plain.proxied.test', htmlPage('Plain', 'Reached through the proxy'));
    sites.page('tls.proxied.test', htmlPage('Tunnelled', 'Reached through a CONNECT tunnel'));
    const { apiKey } = await harness.createAccount('Proxied');
    const scrape = new ScrapeClient(harness.url, apiKey);
    const { job, byDomain } = await scrape.scrape(['plain.proxied.test', 'tls.proxied.test', '127.0.0.1', 'nowhere.proxied.test']);

    expect(byDomain.get('plain.proxied.test')).toMatchObject({ status: 'ok', text: expect.stringContaining('Reached through the proxy') });
    expect(byDomain.get('tls.proxied.test')).toMatchObject({ status: 'ok', text: expect.stringContaining('CONNECT tunnel') });
    // A literal private address is refused before the proxy is asked; names are the proxy's to resolve.
    expect(byDomain.get('127.0.0.1')).toMatchObject({ status: 'invalid' });
    expect(byDomain.get('nowhere.proxied.test')).toMatchObject({ status: 'no_content' });
    expect(job).toMatchObject({ ok: 2, credits_refunded: 2 });

    const port = sites.httpPort;
    const tlsPort = sites.httpsPort;
    expect(proxy.requests.filter((line) => line.includes('plain.proxied.test'))).toEqual([
      `CONNECT plain.proxied.test:${tlsPort}`,
      `GET http://plain.proxied.test:${port}/robots.txt`,
      `GET http://plain.proxied.test:${port}/`,
    ]);
    // One tunnel per request: robots.txt, then the page.
    expect(proxy.requests.filter((line) => line.includes('tls.proxied.test'))).toEqual([
      `CONNECT tls.proxied.test:${tlsPort}`,
      `CONNECT tls.proxied.test:${tlsPort}`,
    ]);
    expect(sites.requests.filter((request) => request.host === 'tls.proxied.test').map((r) => `${r.scheme} ${r.path}`)).toEqual([
      'https /robots.txt',
      'https /',
    ]);
    expect(proxy.requests.some((line) => line.includes('127.0.0.1'))).toBe(false);
    expect(dns.queries).toEqual([]);
    await expectLedgerInvariant(harness.environment.databaseUrl);
  });
});
