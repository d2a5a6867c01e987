import { Client } from 'pg';
import { Harness, useHarness } from './support/harness';
import { http } from './support/http';

describe('HTTP conventions of the engine', () => {
  const harness = useHarness({ label: 'http' });
  let engine: Harness['engine'];
  let apiKey: string;

  beforeAll(async () => {
    engine = harness.engine;
    ({ apiKey } = await harness.createAccount('Acme'));
  });

  describe('authentication', () => {
    it('answers 401 "Authentication required" without a key', async () => {
      const response = await http(engine.url, 'GET', '/api/v1/credits');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Authentication required', code: 'AUTH_REQUIRED' });
    });

    it('answers 401 "Invalid API key" for a wrong key, well-formed or not', async () => {
      for (const key of ['nonsense', `le_live_${'A'.repeat(43)}`, `${apiKey.slice(0, -1)}${apiKey.endsWith('A') ? 'B' : 'A'}`]) {
        const response = await http(engine.url, 'GET', '/api/v1/credits', { apiKey: key });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: 'Invalid API key', code: 'INVALID_API_KEY' });
      }
    });

    it('serves the account behind a valid key', async () => {
      const response = await http(engine.url, 'GET', '/api/v1/credits', { apiKey });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ balance: 300, total_earned: 300, total_spent: 0 });
    });

    it('checks the key before the route, the retired endpoints and the body', async () => {
      expect((await http(engine.url, 'POST', '/api/v1/enrich', { body: {} })).body.code).toBe('AUTH_REQUIRED');
      expect((await http(engine.url, 'GET', '/api/v1/no-such-thing')).body.code).toBe('AUTH_REQUIRED');
      expect((await http(engine.url, 'POST', '/api/v1/leads/search', { rawBody: '{not json' })).body.code).toBe('AUTH_REQUIRED');
    });

    it('refuses a revoked key at once, even right after it was used and cached', async () => {
      const account = await harness.createAccount('Revoked Inc');
      const created = JSON.parse((await harness.operator(['keys:create', '--account', account.accountId, '--json'])).stdout);
      expect((await http(engine.url, 'GET', '/api/v1/credits', { apiKey: created.apiKey })).status).toBe(200);
      const revoke = await harness.operator(['keys:revoke', '--key', created.keyId]);
      expect(revoke.code).toBe(0);
      const revokedAt = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - revokedAt < 2000) {
        status = (await http(engine.url, 'GET', '/api/v1/credits', { apiKey: created.apiKey })).status;
      }
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1000);
      expect((await http(engine.url, 'GET', '/api/v1/credits', { apiKey: account.apiKey })).status).toBe(200);
    });
  });

  describe('error envelope', () => {
    it('answers an unknown route with 404 NOT_FOUND', async () => {
      for (const [method, path] of [
        ['GET', '/api/v1/nothing-here'],
        ['POST', '/api/v1/credits'],
        ['GET', '/not-api'],
      ]) {
        const response = await http(engine.url, method, path, { apiKey });
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
      }
    });

    it('answers malformed JSON with 400 INVALID_JSON', async () => {
      const response = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, rawBody: '{"industry": [' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'INVALID_JSON', error: expect.any(String) });
    });

    it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
      const response = await http(engine.url, 'POST', '/api/v1/leads/search', {
        apiKey,
        body: { jobTitles: ['x'.repeat(2 * 1024 * 1024)] },
      });
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.any(String) });
    });

    it('rejects an unknown body key, naming it', async () => {
      const response = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: { industy: ['Software'] } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.details).toEqual([expect.objectContaining({ path: 'industy' })]);
      expect(response.body.message).toContain('industy');
    });

    it('reports every invalid value with its path', async () => {
      const response = await http(engine.url, 'POST', '/api/v1/leads/browse', {
        apiKey,
        body: { limit: 5000, page: 0, exactMatch: 'yes' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['exactMatch', 'limit', 'page']);
    });

    it('accepts a single string where an array of strings is expected', async () => {
      const single = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: { industry: 'Software', jobTitles: 'cto' } });
      expect(single.body.code).not.toBe('VALIDATION_ERROR');
      const wrongType = await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: { industry: 7 } });
      expect(wrongType.body.code).toBe('VALIDATION_ERROR');
    });

    it('routes, documents and authenticates endpoints of later issues, answering 501 in the envelope', async () => {
      const response = await http(engine.url, 'GET', '/api/v1/scrape/jobs', { apiKey });
      expect([200, 501]).toContain(response.status);
      if (response.status === 501) expect(response.body).toMatchObject({ code: 'NOT_IMPLEMENTED', error: expect.any(String) });
    });
  });

  describe('retired endpoints', () => {
    it.each(['/api/v1/enrich', '/api/v1/find-email', '/api/v1/find-phone'])('%s answers 410 ENDPOINT_RETIRED', async (path) => {
      const response = await http(engine.url, 'POST', path, { apiKey, body: { email: 'a@b.com' } });
      expect(response.status).toBe(410);
      expect(response.body).toMatchObject({
        code: 'ENDPOINT_RETIRED',
        error: expect.any(String),
        message: expect.stringContaining('retired'),
      });
    });

    it('answers 410 to POST only, the method it had, other methods as an unknown route, and 400 to a body it cannot read', async () => {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const response = await http(engine.url, method, '/api/v1/find-email', { apiKey });
        expect({ method, status: response.status, code: response.body.code }).toEqual({ method, status: 404, code: 'NOT_FOUND' });
      }
      const malformed = await http(engine.url, 'POST', '/api/v1/enrich', { apiKey, rawBody: '{not json' });
      expect(malformed.body.code).toBe('INVALID_JSON');
    });

    it('refuses unreadable JSON on a method that takes no body, as the document says', async () => {
      const response = await http(engine.url, 'DELETE', '/api/v1/webhooks/00000000-0000-4000-8000-000000000000', {
        apiKey,
        rawBody: '{not json',
      });
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: 'INVALID_JSON' });
    });
  });

  it('reads a JSON null body of count and browse as no filters', async () => {
    for (const path of ['/api/v1/leads/search', '/api/v1/leads/browse']) {
      expect({ path, status: (await http(engine.url, 'POST', path, { apiKey, rawBody: 'null' })).status }).toEqual({ path, status: 200 });
    }
  });

  describe('unauthenticated endpoints', () => {
    it('reports PostgreSQL and Redis on /health', async () => {
      const response = await http(engine.url, 'GET', '/health');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'ok', postgres: 'up', redis: 'up', version: '1.1.0', role: 'all' });
    });

    it('serves the OpenAPI 3.1 document, version 1.1.0', async () => {
      const response = await http(engine.url, 'GET', '/api/v1/openapi.json');
      expect(response.status).toBe(200);
      expect(response.body.openapi).toBe('3.1.0');
      expect(response.body.info.version).toBe('1.1.0');
      expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/v1/credits', '/api/v1/leads/reveal']));
    });

    it('serves interactive docs with their assets', async () => {
      const page = await http(engine.url, 'GET', '/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain('swagger-ui-bundle.js');
      const bundle = await fetch(`${engine.url}/docs/assets/swagger-ui-bundle.js`);
      expect(bundle.status).toBe(200);
      const init = await http(engine.url, 'GET', '/docs/init.js');
      expect(init.text).toContain('/api/v1/openapi.json');
    });

    it('gives every response a request id, and every response under the rate limit its headers', async () => {
      const response = await http(engine.url, 'GET', '/api/v1/credits', { apiKey, headers: { 'x-request-id': 'trace-me-123' } });
      expect(response.headers.get('x-request-id')).toBe('trace-me-123');
      for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(response.headers.get(name)).toMatch(/^\d+$/);
      const unauthorized = await http(engine.url, 'GET', '/api/v1/credits');
      expect(unauthorized.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(unauthorized.headers.get('x-request-id')).toBeTruthy();
      const probe = await http(engine.url, 'GET', '/health');
      expect(probe.headers.get('x-request-id')).toBeTruthy();
      expect(probe.headers.get('ratelimit-limit')).toBeNull();
    });

    it('reports the lead table on /health and is ready once it is loaded', async () => {
      await http(engine.url, 'POST', '/api/v1/leads/search', { apiKey, body: {} });
      expect((await http(engine.url, 'GET', '/health')).body.leadTable).toMatchObject({ state: 'ready', source: expect.any(String) });
      const ready = await http(engine.url, 'GET', '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        status: 'ready',
        checks: { postgres: 'up', redis: 'up', migrations: 'current', leadTable: 'loaded' },
      });
    });

    it('is not ready while the database lacks a migration this engine has, as after a restore from an older backup', async () => {
      const client = new Client({ connectionString: harness.environment.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query('DELETE FROM schema_migrations WHERE id = (SELECT max(id) FROM schema_migrations) RETURNING *');
        try {
          const ready = await http(engine.url, 'GET', '/ready');
          expect([ready.status, ready.body]).toEqual([
            503,
            expect.objectContaining({
              code: 'NOT_READY',
              message: expect.stringContaining('migrations are pending'),
              checks: { postgres: 'up', redis: 'up', migrations: 'pending', leadTable: 'loaded' },
            }),
          ]);
        } finally {
          await client.query('INSERT INTO schema_migrations (id, timestamp, name) VALUES ($1, $2, $3)', [
            rows[0].id,
            rows[0].timestamp,
            rows[0].name,
          ]);
        }
        expect((await http(engine.url, 'GET', '/ready')).status).toBe(200);
      } finally {
        await client.end();
      }
    });
  });
});
