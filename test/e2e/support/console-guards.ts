import { CONSOLE_SESSION_COOKIE, errorBodySchema } from '@lead-engine/contracts';
import { ConsoleClient } from './console-session';

export interface ConsoleEndpoint {
  method: string;
  path: string;
  /** A body the endpoint would accept (JSON); sent with every check so that only the guard can refuse it. */
  body?: unknown;
  /** For an upload endpoint, the multipart form it would accept, made anew for every check (instead of `body`). */
  form?: () => FormData;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const codeOf = async (response: Response): Promise<string | undefined> => {
  const text = await response.text();
  try {
    return errorBodySchema.parse(JSON.parse(text)).code;
  } catch {
    return undefined;
  }
};

/**
 * The checks console.md asks of every console endpoint, as one table so that a failure names every
 * endpoint that broke: no session → 401 SESSION_REQUIRED; with `noAccount` (a signed-in user without an
 * account) → 403 FORBIDDEN; an unsafe request from another origin (Origin or Sec-Fetch-Site: cross-site),
 * with a valid session → 403 CROSS_ORIGIN_REQUEST; an unsafe request whose body is a form → 4xx.
 */
export async function expectConsoleGuards(
  signedIn: ConsoleClient,
  endpoints: ConsoleEndpoint[],
  options: { noAccount?: ConsoleClient } = {},
): Promise<void> {
  const anonymous = new ConsoleClient(signedIn.baseUrl);
  const seen: Array<{ endpoint: string; check: string; status: number; code?: string }> = [];
  const wanted: typeof seen = [];
  for (const { method, path, body, form: formOf } of endpoints) {
    const endpoint = `${method} ${path}`;
    const content = () => (formOf ? { form: formOf() } : { body });
    const signedOut = await anonymous.request(method, path, content());
    seen.push({ endpoint, check: 'no session', status: signedOut.status, code: await codeOf(signedOut) });
    wanted.push({ endpoint, check: 'no session', status: 401, code: 'SESSION_REQUIRED' });
    if (options.noAccount) {
      const refused = await options.noAccount.request(method, path, content());
      seen.push({ endpoint, check: 'no account', status: refused.status, code: await codeOf(refused) });
      wanted.push({ endpoint, check: 'no account', status: 403, code: 'FORBIDDEN' });
    }
    if (SAFE_METHODS.has(method)) continue;
    for (const [check, headers] of [
      ['Origin of another site', { origin: 'https://evil.example' }],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ] as const) {
      const response = await fetch(`${signedIn.baseUrl}${path}`, {
        method,
        headers: {
          cookie: `${CONSOLE_SESSION_COOKIE}=${signedIn.sessionToken}`,
          ...(body === undefined || formOf ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: formOf ? formOf() : body === undefined ? undefined : JSON.stringify(body),
      });
      seen.push({ endpoint, check, status: response.status, code: await codeOf(response) });
      wanted.push({ endpoint, check, status: 403, code: 'CROSS_ORIGIN_REQUEST' });
    }
    const form = await fetch(`${signedIn.baseUrl}${path}`, {
      method,
      headers: {
        cookie: `${CONSOLE_SESSION_COOKIE}=${signedIn.sessionToken}`,
        origin: signedIn.baseUrl,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'name=form',
    });
    await form.arrayBuffer();
    seen.push({ endpoint, check: 'form body refused with a 4xx', status: Math.floor(form.status / 100) });
    wanted.push({ endpoint, check: 'form body refused with a 4xx', status: 4 });
  }
  expect(seen).toEqual(wanted);
}
