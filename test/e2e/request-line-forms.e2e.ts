import { API_OPERATIONS, CONSOLE_SESSION_COOKIE, errorBodySchema } from '@lead-engine/contracts';
import { SignedInUser } from './support/console-session';
import { Harness, useHarness } from './support/harness';
import { RawAnswer, rawHttp } from './support/raw-http';

const codeOf = (answer: RawAnswer) => (answer.body ? errorBodySchema.parse(JSON.parse(answer.body)).code : undefined);

/** Every authenticated /api/v1 operation, its path's ids filled in. */
const API_ROUTES = API_OPERATIONS.filter((operation) => operation.access === 'api-key' && operation.path.startsWith('/api/v1/')).map(
  (operation) => ({
    method: operation.method.toUpperCase(),
    path: operation.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
  }),
);

describe('request lines in absolute form: checked by the route they reach, like the usual form', () => {
  const harness = useHarness({ label: 'request_line_forms' });
  let engine: Harness['engine'];
  let apiKey: string;
  let owner: SignedInUser;
  /** `http://127.0.0.1:<port>`: what a client sending to a proxy writes before the path. */
  let origin: string;

  const forms = (path: string) => [
    { form: 'origin-form', target: path },
    { form: 'absolute-form', target: `${origin}${path}` },
  ];

  beforeAll(async () => {
    engine = harness.engine;
    origin = engine.url;
    let accountId: string;
    ({ accountId, apiKey } = await harness.createAccount('Request lines', 100));
    owner = await harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' });
  });

  it('answers every /api/v1 route 401 AUTH_REQUIRED without a key, in both forms, and an unknown one too (401 before 404)', async () => {
    expect(API_ROUTES.length).toBeGreaterThan(30);
    const routes = [
      ...API_ROUTES,
      { method: 'GET', path: '/api/v1/nothing-here' },
      { method: 'POST', path: '/api/v1/leads/nothing-here' },
      // Spelled otherwise, routed to /api/v1/credits all the same.
      { method: 'GET', path: '/%61pi/v1/credits' },
      { method: 'GET', path: '/api/v1/credits?x=1' },
    ];
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { method, path } of routes) {
      for (const { form, target } of [
        ...forms(path),
        { form: 'absolute-form, scheme in capitals', target: `HTTP://${new URL(origin).host}${path}` },
      ]) {
        const answer = await rawHttp(engine.url, { method, target });
        const line = `${method} ${path} (${form})`;
        answers.push(`${line}: ${answer.status} ${method === 'HEAD' ? '' : codeOf(answer)}`);
        expected.push(`${line}: 401 ${method === 'HEAD' ? '' : 'AUTH_REQUIRED'}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  it('with a key, the absolute form answers as the usual form does', async () => {
    const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
    for (const [method, path, body] of [
      ['GET', '/api/v1/credits', undefined],
      ['GET', '/api/v1/leads/filters', undefined],
      ['POST', '/api/v1/leads/search', '{}'],
    ] as const) {
      const [usual, absolute] = await Promise.all(forms(path).map(({ target }) => rawHttp(engine.url, { method, target, headers, body })));
      expect({ path, status: usual.status }).toEqual({ path, status: 200 });
      expect({ path, status: absolute.status }).toEqual({ path, status: 200 });
      expect(JSON.parse(absolute.body)).toEqual(JSON.parse(usual.body));
    }
    const invalid = await rawHttp(engine.url, {
      method: 'GET',
      target: `${origin}/api/v1/credits`,
      headers: { 'x-api-key': 'le_live_nope' },
    });
    expect([invalid.status, codeOf(invalid)]).toEqual([401, 'INVALID_API_KEY']);
  });

  it("refuses a console write without Origin in both forms (403), and takes it with the console's Origin in both", async () => {
    const cookie = `${CONSOLE_SESSION_COOKIE}=${owner.client.sessionToken}`;
    const body = (name: string) => JSON.stringify({ name, filters: {} });
    for (const { form, target } of forms('/console/api/saved-searches')) {
      const refused = await rawHttp(engine.url, {
        method: 'POST',
        target,
        headers: { cookie, 'content-type': 'application/json' },
        body: body(`Refused ${form}`),
      });
      expect({ form, status: refused.status, code: codeOf(refused) }).toEqual({ form, status: 403, code: 'CROSS_ORIGIN_REQUEST' });

      const taken = await rawHttp(engine.url, {
        method: 'POST',
        target,
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: body(`Taken ${form}`),
      });
      expect({ form, status: taken.status }).toEqual({ form, status: 201 });
      expect(JSON.parse(taken.body)).toMatchObject({ name: `Taken ${form}` });
    }
    const listed = await owner.client.json<{ searches: { name: string }[] }>('GET', '/console/api/saved-searches');
    expect(listed.body.searches.map((search) => search.name).sort()).toEqual(['Taken absolute-form', 'Taken origin-form']);
  });

  it('gives the absolute form the security headers and rate limit of the route it reaches', async () => {
    for (const path of ['/docs', '/app/', '/app/settings', '/api/v1/openapi.json', '/health']) {
      const [usual, absolute] = await Promise.all(forms(path).map(({ target }) => rawHttp(engine.url, { method: 'GET', target })));
      expect({ path, status: absolute.status }).toEqual({ path, status: usual.status });
      for (const header of ['content-security-policy', 'x-frame-options', 'ratelimit-limit']) {
        expect({ path, header, value: absolute.headers[header] }).toEqual({ path, header, value: usual.headers[header] });
      }
    }
  });

  it('answers a request target that is neither a path nor an http(s) URL 400 VALIDATION_ERROR', async () => {
    for (const [method, target] of [
      ['OPTIONS', '*'],
      ['GET', `ftp://${new URL(origin).host}/api/v1/credits`],
      ['POST', `ws://${new URL(origin).host}/console/api/saved-searches`],
    ]) {
      const answer = await rawHttp(engine.url, { method, target, headers: { 'x-api-key': apiKey } });
      expect({ target, status: answer.status }).toEqual({ target, status: 400 });
      expect(JSON.parse(answer.body)).toEqual({
        error: expect.any(String),
        code: 'VALIDATION_ERROR',
        message: 'The request target must be a path (/api/v1/...) or an absolute http(s) URL.',
      });
      expect(answer.headers['x-request-id']).toBeTruthy();
    }
  });
});
