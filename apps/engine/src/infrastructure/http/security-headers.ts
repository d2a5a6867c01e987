/** On every response: nothing is sniffed into another type, framed, or told where it came from. */
const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** The API answers JSON and CSV, never a page: nothing in it may load or run anything. */
const API = { ...COMMON, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };

/**
 * The interactive docs: Swagger UI's own script and stylesheet from /docs, its inline styles and data:
 * images, requests to the engine itself (the OpenAPI document and "try it out"), and no framing.
 */
const DOCS = {
  ...COMMON,
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
};

/** The app at /app gets all of its headers from helmet, in its own scope (serve-console-app.ts). */
const CONSOLE_APP = {};

export function securityHeaders(path: string): Record<string, string> {
  if (path === '/app' || path.startsWith('/app/')) return CONSOLE_APP;
  return path === '/docs' || path.startsWith('/docs/') ? DOCS : API;
}
