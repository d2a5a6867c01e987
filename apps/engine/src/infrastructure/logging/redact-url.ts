/** Query parameters whose values are credentials or signatures: never written to the log. */
const SECRET_PARAMETERS = new Set(['api_key', 'apikey', 'key', 'token', 'access_token', 'secret', 'password', 'signature', 'sig']);

/**
 * A request URL as it may be logged: the value of every secret-looking query parameter (`api_key`,
 * `token`, `signature`… in any case, percent-encoded or not) replaced by `[redacted]`; everything else
 * is kept as it was sent.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return isSecret(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt + 1)}${redacted}${hashAt === -1 ? '' : url.slice(hashAt)}`;
}

function isSecret(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is compared as it was sent.
  }
  return SECRET_PARAMETERS.has(decoded.trim().toLowerCase());
}
