import { normalizeScrapeInput, normalizeScrapeInputs } from './normalize-scrape-input';

describe('normalizeScrapeInput', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  ACME.com  ', 'acme.com'],
    ['www.acme.com', 'acme.com'],
    ['https://www.Acme.com/about?x=1#top', 'acme.com'],
    ['http://acme.com:8080/', 'acme.com'],
    ['acme.com:8443', 'acme.com'],
    ['acme.com/pricing', 'acme.com'],
    ['jane.doe@Acme.com', 'acme.com'],
    ['mailto:jane@www.acme.com', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['shop.acme.co.uk', 'shop.acme.co.uk'],
    ['www.co.uk', 'www.co.uk'],
    ['www.com', 'www.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['site.test', 'site.test'],
    ['localhost', 'localhost'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['ftp://files.acme.com/x', 'files.acme.com'],
  ])('%s → %s', (input, host) => {
    expect(normalizeScrapeInput(input)).toEqual({ domain: host, host });
  });

  it.each(['not a domain', 'http://', 'exa$mple.com', '-acme.com', 'acme-.com', `${'a'.repeat(64)}.com`, 'acme..com', '@'])(
    '%s is not a host name',
    (input) => {
      expect(normalizeScrapeInput(input)).toEqual({ domain: input.trim().toLowerCase(), host: null });
    },
  );
});

describe('normalizeScrapeInputs', () => {
  it('deduplicates on the normalized form, keeps the first spelling’s order and skips blanks', () => {
    expect(
      normalizeScrapeInputs(['https://www.acme.com/', 'beta.io', 'ACME.com', 'ops@acme.com', '', '   ', 'not a domain', 'NOT A DOMAIN']),
    ).toEqual([
      { domain: 'acme.com', host: 'acme.com' },
      { domain: 'beta.io', host: 'beta.io' },
      { domain: 'not a domain', host: null },
    ]);
  });
});
