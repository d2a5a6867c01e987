const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const INTERNATIONAL_HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}(?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;
const PORT = /:\d*$/;

/**
 * The host a company is known by: lower case, without scheme, credentials, port, path or a leading
 * `www.`; null when what remains is not a host name with a dot (an IP address is not a company domain).
 */
export function normalizeCompanyDomain(value: string): string | null {
  let host = value.trim().toLowerCase();
  if (!PLAIN_HOST.test(host) || host.startsWith('www.')) {
    host = host.replace(SCHEME, '');
    const end = host.search(/[/?#]/);
    if (end !== -1) host = host.slice(0, end);
    host = host.slice(host.lastIndexOf('@') + 1).replace(PORT, '');
    if (host.endsWith('.')) host = host.slice(0, -1);
    if (host.startsWith('www.')) host = host.slice(4);
  }
  if (host.length > 253) return null;
  return PLAIN_HOST.test(host) || INTERNATIONAL_HOST.test(host) ? host : null;
}
