import { getPublicSuffix } from 'tldts';

export interface ScrapeTarget {
  /** What the job reports: the host name, or the trimmed input when it names no host. */
  domain: string;
  /** The host to read (lower case, punycode, IP literals canonical, `www.` dropped); null when the input is not a host name. */
  host: string | null;
}

const MAX_HOST_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Contract §5: URL → host, email → domain, lower case, `www.` dropped, port dropped. */
export function normalizeScrapeInput(input: string): ScrapeTarget {
  const trimmed = input.trim();
  const invalid = { domain: trimmed.toLowerCase().slice(0, MAX_HOST_LENGTH), host: null };
  let candidate = trimmed;
  if (!HAS_SCHEME.test(candidate)) {
    if (candidate.includes('@')) candidate = candidate.slice(candidate.lastIndexOf('@') + 1);
    candidate = `http://${candidate}`;
  }
  let hostname: string;
  try {
    hostname = new URL(candidate).hostname;
  } catch {
    return invalid;
  }
  if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);
  if (!isHostName(hostname)) return invalid;
  const host = withoutWww(hostname);
  return { domain: host, host };
}

/** The unique targets of a job in input order; blank inputs are skipped. */
export function normalizeScrapeInputs(inputs: readonly string[]): ScrapeTarget[] {
  const seen = new Map<string, ScrapeTarget>();
  for (const input of inputs) {
    if (input.trim() === '') continue;
    const target = normalizeScrapeInput(input);
    if (!seen.has(target.domain)) seen.set(target.domain, target);
  }
  return [...seen.values()];
}

function isHostName(hostname: string): boolean {
  if (hostname.startsWith('[')) return true; // an IPv6 literal the URL parser already validated
  if (hostname.length === 0 || hostname.length > MAX_HOST_LENGTH) return false;
  return hostname.split('.').every((label) => LABEL.test(label));
}

/** `www.` goes unless what remains is a public suffix (`www.co.uk` stays a name of its own). */
function withoutWww(hostname: string): string {
  if (!hostname.startsWith('www.')) return hostname;
  const rest = hostname.slice(4);
  return getPublicSuffix(rest) === rest ? hostname : rest;
}
