/** A connection URL fit for a message: the password, if any, replaced by `***`. */
export function redactUrl(connectionUrl: string): string {
  try {
    const url = new URL(connectionUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(an unparseable URL)';
  }
}
