import { ERROR_CODES, ERROR_HTTP_STATUS, ErrorCode } from '@lead-engine/contracts';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createLogger } from '../../apps/engine/src/infrastructure/logging/create-logger';
import { Harness, useHarness } from './support/harness';
import { http } from './support/http';
import { until } from './support/until';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One raw HTTP/1.1 exchange: what the engine wrote before it closed the connection. */
function rawExchange(url: string, request: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head, body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(answer.slice(0, 200))}`));
      else resolve({ status, headers: head, body });
    });
    socket.write(request);
  });
}

describe('a hostile request: its secrets, headers and ids', () => {
  const logLines: string[] = [];
  const harness = useHarness({
    label: 'hostile_requests',
    env: { LOG_LEVEL: 'info' },
    // The engine's own logger, writing its lines here instead of to stdout.
    startOptions: { logger: createLogger('info', { role: 'all' }, { write: (line: string) => void logLines.push(line) }) },
  });
  let engine: Harness['engine'];
  let apiKey: string;

  beforeAll(async () => {
    engine = harness.engine;
    ({ apiKey } = await harness.createAccount('Hostile'));
  });

  it('never writes secret-looking query parameters to the log', async () => {
    const secrets = ['le_live_SECRETinQuery1', 'tokenSECRET2', 'passSECRET3', 'sigSECRET4'];
    await http(engine.url, 'GET', `/api/v1/credits?api_key=${secrets[0]}&page=2`, { apiKey });
    await http(engine.url, 'GET', `/api/v1/credits?Access_Token=${secrets[1]}`);
    await http(engine.url, 'GET', `/api/v1/nothing-here?password=${secrets[2]}&SIG=${secrets[3]}`, { apiKey });
    const log = await until('the three requests to be logged', async () => {
      const lines = logLines.filter((line) => line.includes('"request completed"'));
      return lines.length >= 3 ? logLines.join('') : undefined;
    });
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('/api/v1/credits?api_key=[redacted]&page=2');
    expect(log).toContain('/api/v1/credits?Access_Token=[redacted]');
    expect(log).toContain('/api/v1/nothing-here?password=[redacted]&SIG=[redacted]');
    expect(log).not.toContain(apiKey);
  });

  it('serves /docs with a Content-Security-Policy that lets Swagger UI run and no framing, and keeps no key in the browser', async () => {
    for (const path of ['/docs', '/docs/init.js', '/docs/assets/swagger-ui.css']) {
      const response = await fetch(`${engine.url}${path}`);
      expect(response.status).toBe(200);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self' 'unsafe-inline'");
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const page = await (await fetch(`${engine.url}/docs`)).text();
    // Everything the page loads is the engine's own: no inline script, nothing from elsewhere.
    expect(page).not.toMatch(/<script>(?!<\/script>)/);
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    const init = await (await fetch(`${engine.url}/docs/init.js`)).text();
    expect(init).toContain("url: '/api/v1/openapi.json'");
    expect(init).not.toContain('persistAuthorization');
  });

  it('sends the same headers, with a CSP that loads nothing, from the API, its errors and its probes', async () => {
    for (const response of [
      await http(engine.url, 'GET', '/api/v1/credits', { apiKey }),
      await http(engine.url, 'GET', '/api/v1/credits'),
      await http(engine.url, 'GET', '/api/v1/openapi.json'),
      await http(engine.url, 'GET', '/health'),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it("keeps a caller's X-Request-Id only when it is 1-128 letters, digits, '.', '_' or '-'", async () => {
    const idOf = async (id: string) =>
      (await http(engine.url, 'GET', '/health', { headers: { 'x-request-id': id } })).headers.get('x-request-id');
    for (const sane of ['trace-me_1.2', 'A', 'x'.repeat(128)]) expect(await idOf(sane)).toBe(sane);
    for (const insane of ['x'.repeat(129), 'y'.repeat(200), 'id with spaces', 'tab\tinside', 'quote"inside', 'fake} {"level":60']) {
      expect(await idOf(insane)).toMatch(UUID);
    }
    expect((await http(engine.url, 'GET', '/health')).headers.get('x-request-id')).toMatch(UUID);
  });

  it('answers headers of 100 KB with 431 HEADERS_TOO_LARGE in the error envelope', async () => {
    const answer = await rawExchange(engine.url, `GET /health HTTP/1.1\r\nHost: engine\r\nX-Padding: ${'a'.repeat(100 * 1024)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'Request header fields too large',
      code: 'HEADERS_TOO_LARGE',
      message: expect.stringContaining('16 KB'),
    });
  });

  it('answers a URI over the 16 KB header limit with 431 HEADERS_TOO_LARGE, not 414', async () => {
    const answer = await rawExchange(engine.url, `GET /api/v1/leads/exports/${'x'.repeat(20 * 1024)} HTTP/1.1\r\nHost: engine\r\n\r\n`);
    expect({ status: answer.status, code: JSON.parse(answer.body).code }).toEqual({ status: 431, code: 'HEADERS_TOO_LARGE' });
  });

  it('answers malformed HTTP with 400 VALIDATION_ERROR in the error envelope', async () => {
    const answer = await rawExchange(engine.url, 'GET /health HTTP/1.1\r\nHost: engine\r\nBad Header Name: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.any(String) });
  });

  it.each([
    ['an unknown route', 'GET', '/api/v1/nothing-here', {}, 404, 'NOT_FOUND'],
    ['an unknown route outside the API', 'GET', '/wp-admin/install.php', {}, 404, 'NOT_FOUND'],
    [
      'a content type no route takes',
      'POST',
      '/api/v1/leads/search',
      { rawBody: '<x/>', headers: { 'content-type': 'application/xml' } },
      400,
      'VALIDATION_ERROR',
    ],
    ['malformed JSON', 'POST', '/api/v1/leads/search', { rawBody: '{"a":' }, 400, 'INVALID_JSON'],
    [
      'a body over the limit',
      'POST',
      '/api/v1/leads/search',
      { rawBody: `{"q":"${'x'.repeat(2 * 1024 * 1024)}"}` },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('answers %s in the error envelope', async (_case, method, path, options, status, code) => {
    const response = await http(engine.url, method, path, { apiKey, ...options });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ code, error: expect.any(String) });
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  /** A contract error: its code is one of the API's and its status the one the contract gives that code. */
  const expectContractError = (response: { status: number; body: any }) => {
    expect(ERROR_CODES).toContain(response.body?.code);
    expect(response.status).toBe(ERROR_HTTP_STATUS[response.body.code as ErrorCode]);
    expect(response.body.error).toEqual(expect.any(String));
  };

  it.each([5_000, 100_000])('answers a body nested %i levels deep with 400 VALIDATION_ERROR on every JSON route', async (depth) => {
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const inObject = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"count_leads","arguments":{"industry":${nested}}}}`;
    const { hostname, port } = new URL(engine.url);
    for (const [path, headers, body] of [
      ['/mcp', { 'x-api-key': apiKey, accept: 'application/json, text/event-stream' }, nested],
      ['/mcp', { 'x-api-key': apiKey, accept: 'application/json, text/event-stream' }, inObject],
      ['/api/v1/leads/search', { 'x-api-key': apiKey }, nested],
      ['/api/v1/leads/search', { 'x-api-key': apiKey }, `{"industry":${nested}}`],
      ['/console/api/session', { origin: `http://${hostname}:${port}` }, `{"email":${nested}}`],
    ] as const) {
      const response = await http(engine.url, 'POST', path, { headers, rawBody: body });
      expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 400, code: 'VALIDATION_ERROR' });
      expect(response.body.message).toContain('64 levels');
    }
    // 64 levels is still a body, answered by the route.
    const deepest = await http(engine.url, 'POST', '/api/v1/leads/search', {
      apiKey,
      rawBody: `{"industry":${'['.repeat(63)}${']'.repeat(63)}}`,
    });
    expect(deepest.body.message ?? '').not.toContain('64 levels');
  });

  it("answers the framework's refusals with the API's codes and the contract's status", async () => {
    const longId = 'x'.repeat(5_000);
    const longParam = await http(engine.url, 'GET', `/api/v1/enrich-csv/jobs/${longId}`, { apiKey });
    expect(longParam.body.code).toBe('BAD_ID');
    expectContractError(longParam);
    expectContractError(await http(engine.url, 'GET', `/api/v1/leads/exports/${longId}`, { apiKey }));
    // Authentication still comes first.
    expect((await http(engine.url, 'GET', `/api/v1/leads/exports/${longId}`)).body.code).toBe('AUTH_REQUIRED');
    for (const [headers, rawBody] of [
      [{ 'content-type': 'application/json;;;===' }, '{}'],
      [{ 'content-type': '' }, '{}'],
      [{ 'content-type': 'application/json' }, '{"a":'],
      [{ 'content-type': 'application/json' }, ''],
      [{ 'content-type': 'application/json', 'content-length': '0' }, ''],
      [{ 'content-type': 'text/plain' }, 'hello'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
      [{ 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
    ] as const) {
      for (const path of ['/api/v1/leads/search', '/api/v1/leads/reveal']) {
        const response = await http(engine.url, 'POST', path, { apiKey, headers, rawBody });
        if (response.status >= 400) expectContractError(response);
      }
    }
    const badUrl = await rawExchange(
      engine.url,
      `GET /api/v1/leads/exports/%E0%A4%A HTTP/1.1\r\nHost: engine\r\nConnection: close\r\n\r\n`,
    );
    expectContractError({ status: badUrl.status, body: JSON.parse(badUrl.body) });
  });

  /**
   * A POST through Node's own client, no Expect: 100-continue, that writes its whole body in 512 KB
   * pieces spread over at least 3 seconds (longer than the engine once lingered) before it is done:
   * what it read back, and any error that ended its request.
   */
  const postWholeBody = (path: string, bytes: number) =>
    new Promise<{ status?: number; body?: any; error?: string; written: number }>((resolve) => {
      const { hostname, port } = new URL(engine.url);
      const outcome: { status?: number; body?: any; error?: string; written: number } = { written: 0 };
      const request = httpRequest({
        host: hostname,
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': bytes, 'x-api-key': apiKey },
      });
      const answered = new Promise<void>((done) => {
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => {
            outcome.status = response.statusCode;
            outcome.body = JSON.parse(text);
            done();
          });
        });
      });
      request.on('error', (error) => (outcome.error = (error as NodeJS.ErrnoException).code ?? error.message));
      request.on('finish', () => void answered.then(() => resolve(outcome)));
      request.on('error', () => resolve(outcome));
      const piece = Buffer.alloc(512 * 1024, 0x20);
      const pause = Math.ceil(3000 / (bytes / piece.length));
      const write = () => {
        if (outcome.error) return;
        if (outcome.written >= bytes) return void request.end();
        outcome.written += piece.length;
        request.write(piece);
        setTimeout(write, pause);
      };
      write();
    });

  it('reads and drops a refused 20 MB body so that a client that sends it whole gets its 413', async () => {
    const answer = await postWholeBody('/api/v1/leads/search', 20 * 1024 * 1024);
    expect(answer).toEqual({ status: 413, body: expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }), written: 20 * 1024 * 1024 });
  });

  it('still cuts a declared 1 GB body without reading it all', async () => {
    const { hostname, port } = new URL(engine.url);
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/v1/leads/search HTTP/1.1\r\nHost: engine\r\nX-API-Key: ${apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${1024 ** 3}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    let open = true;
    void closed.then(() => (open = false));
    while (open && sent < 1024 ** 3) {
      sent += chunk.length;
      if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
    }
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(sent).toBeLessThan(512 * 1024 * 1024);
  });
});
