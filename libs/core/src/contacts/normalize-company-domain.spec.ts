import { normalizeCompanyDomain } from './normalize-company-domain';

describe('normalizeCompanyDomain', () => {
  it.each([
    ['acme.io', 'acme.io'],
    ['  ACME.io ', 'acme.io'],
    ['www.acme.io', 'acme.io'],
    ['https://www.Acme.io/about?x=1#team', 'acme.io'],
    ['http://acme.io:8080', 'acme.io'],
    ['acme.io/', 'acme.io'],
    ['acme.io.', 'acme.io'],
    ['sales@acme.io', 'acme.io'],
    ['shop.acme.co.uk', 'shop.acme.co.uk'],
    ['münchen-bau.de', 'münchen-bau.de'],
    ['xn--mnchen-bau-9ib.de', 'xn--mnchen-bau-9ib.de'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeCompanyDomain(input)).toBe(expected);
  });

  it.each(['acme', 'not a domain', '-acme.io', 'acme-.io', '192.168.0.1', 'https://', 'acme..io', `${'a'.repeat(64)}.io`])(
    'refuses %s',
    (input) => {
      expect(normalizeCompanyDomain(input)).toBeNull();
    },
  );
});
