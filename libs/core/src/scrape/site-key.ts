import { getDomain } from 'tldts';

/** The site a host belongs to (its registrable domain), so that politeness spans `a.acme.com` and `b.acme.com`. */
export function siteKey(host: string): string {
  return getDomain(host) ?? host;
}
