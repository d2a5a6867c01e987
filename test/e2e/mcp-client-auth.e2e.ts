import { useHarness } from './support/harness';
import { http } from './support/http';
import { connectMcp, McpClientKind, McpTransportExtras } from './support/mcp-client';

/** An OAuth provider as desktop clients carry one: no tokens yet, ready to register and send the user to log in. */
function desktopOAuthProvider() {
  const steps: string[] = [];
  const provider = {
    get redirectUrl() {
      return 'http://127.0.0.1:33418/callback';
    },
    get clientMetadata() {
      return { client_name: 'desktop agent', redirect_uris: ['http://127.0.0.1:33418/callback'] };
    },
    clientInformation: () => undefined,
    saveClientInformation: () => void steps.push('registered a client'),
    tokens: () => undefined,
    saveTokens: () => void steps.push('saved tokens'),
    redirectToAuthorization: () => void steps.push('sent the user to log in'),
    saveCodeVerifier: () => void steps.push('started an authorization'),
    codeVerifier: () => 'verifier',
  };
  return { provider, steps };
}

/** The paths a client asked for, through its own fetch. */
function recordingFetch() {
  const paths: string[] = [];
  const recorder: typeof fetch = (input, init) => {
    paths.push(`${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input).pathname}`);
    return fetch(input, init);
  };
  return { recorder, paths };
}

/**
 * What the client raised: its message, and for a 2026 client the body it keeps beside it (on a 401 or
 * 403 to its server/discover probe the v2 SDK writes its own message and keeps the server's in data.text).
 */
const errorText = async (kind: McpClientKind, connecting: Promise<unknown>): Promise<string> => {
  try {
    await connecting;
  } catch (error) {
    const { message, data } = error as Error & { data?: { text?: string } };
    if (kind !== 'v2-2026') return message;
    expect(message).toBe('Version negotiation failed: the server denied access (HTTP 403)');
    return `${message} ${data?.text}`;
  }
  throw new Error('the client connected');
};

describe('/mcp: a refused key, as the official SDK clients show it', () => {
  const harness = useHarness({ label: 'mcp_client_auth' });
  let apiKey: string;

  beforeAll(async () => {
    ({ apiKey } = await harness.createAccount('Auth agent', 10));
  });

  const refusals = [
    ['no key', {}, 'Authentication required'],
    ['a wrong key in X-API-Key', { 'x-api-key': 'le_live_not-a-real-key' }, 'Invalid API key'],
    ['a wrong key as a bearer token', { authorization: 'Bearer le_live_not-a-real-key' }, 'Invalid API key'],
  ] as const;
  const kinds: McpClientKind[] = ['v2-2026', 'v2-2025', 'v1'];

  describe.each(kinds)('%s client', (kind) => {
    it.each(refusals)("with %s, raises the server's words", async (_case, headers, words) => {
      const text = await errorText(kind, connectMcp(kind, harness.engine.url, headers));
      expect(text).toContain(words);
      expect(text).toContain('X-API-Key or Authorization: Bearer');
    });

    it.each(refusals)('with %s and an OAuth provider, raises them without starting OAuth', async (_case, headers, words) => {
      const { provider, steps } = desktopOAuthProvider();
      const { recorder, paths } = recordingFetch();
      const extras: McpTransportExtras = { authProvider: provider, fetch: recorder };
      const text = await errorText(kind, connectMcp(kind, harness.engine.url, headers, extras));
      expect(text).toContain(words);
      expect(text).not.toMatch(/registration|OAuth metadata|authorization server/i);
      expect(steps).toEqual([]);
      expect(paths.every((path) => path.endsWith(' /mcp'))).toBe(true);
      expect(paths.length).toBeGreaterThan(0);
    });

    it('connects with the right key, with or without an OAuth provider', async () => {
      const client = await connectMcp(kind, harness.engine.url, { 'x-api-key': apiKey }, { authProvider: desktopOAuthProvider().provider });
      expect((await client.listTools()).tools.length).toBe(13);
      await client.close();
    });
  });

  it('answers 403 with no OAuth challenge, publishes no OAuth metadata, and /api/v1 keeps its 401', async () => {
    const refused = await http(harness.engine.url, 'POST', '/mcp', {
      body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      headers: { accept: 'application/json, text/event-stream', 'x-api-key': 'le_live_not-a-real-key' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBeNull();
    expect(refused.body).toMatchObject({
      jsonrpc: '2.0',
      id: 2,
      error: {
        code: -32001,
        message: expect.stringMatching(/^Invalid API key: /),
        data: { error: 'Invalid API key', code: 'INVALID_API_KEY' },
      },
    });
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
    ]) {
      expect({ path, status: (await http(harness.engine.url, 'GET', path)).status }).toEqual({ path, status: 404 });
    }
    const api = await http(harness.engine.url, 'GET', '/api/v1/credits', { apiKey: 'le_live_not-a-real-key' });
    expect(api.status).toBe(401);
    expect(api.body).toMatchObject({ error: 'Invalid API key', code: 'INVALID_API_KEY' });
  });
});
