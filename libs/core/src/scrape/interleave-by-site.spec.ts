import { interleaveBySite } from './interleave-by-site';
import { siteKey } from './site-key';

describe('interleaveBySite', () => {
  it('spreads the hosts of one site out and keeps the order otherwise', () => {
    const hosts = ['a.acme.com', 'b.acme.com', 'c.acme.com', 'beta.io', 'shop.beta.io', 'gamma.co.uk'];
    expect(interleaveBySite(hosts, siteKey)).toEqual(['a.acme.com', 'beta.io', 'gamma.co.uk', 'b.acme.com', 'shop.beta.io', 'c.acme.com']);
  });

  it('leaves distinct sites as they are', () => {
    expect(interleaveBySite(['x.com', 'y.com', 'z.com'], siteKey)).toEqual(['x.com', 'y.com', 'z.com']);
  });
});
