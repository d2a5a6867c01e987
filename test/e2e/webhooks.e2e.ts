import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { errorBodySchema, MAX_WEBHOOK_ENDPOINTS } from '@lead-engine/contracts';
import { useHarness } from './support/harness';
import { http, HttpResult } from './support/http';

const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('webhook endpoint subscriptions over HTTP', () => {
  const harness = useHarness({
    label: 'webhooks',
    env: () => ({
      // Kept with the environment (and removed with it) rather than in the repository's .lead-engine.
      WEBHOOK_SECRETS_KEY_FILE: path.join(harness.environment.snapshotDir, 'webhook-secrets.key'),
      // Opening private networks to the scraper does not open them to webhooks (WEBHOOK_* settings do).
      SCRAPE_ALLOW_PRIVATE_NETWORKS: 'true',
      SCRAPE_ALLOWED_NETWORKS: '127.0.0.0/8',
    }),
  });

  const call = (apiKey: string, method: string, urlPath: string, body?: unknown) => http(harness.url, method, urlPath, { apiKey, body });
  const create = (apiKey: string, body: unknown) => call(apiKey, 'POST', '/api/v1/webhooks', body);
  const account = async (name: string) => (await harness.createAccount(name)).apiKey;

  /** The row as PostgreSQL holds it, every column as text. */
  const rowText = async (id: string) => {
    const rows = await harness.query<{ row: string }>('SELECT row_to_json(w)::text AS row FROM webhook_endpoints w WHERE id = $1', [id]);
    expect(rows).toHaveLength(1);
    return rows[0].row;
  };

  const expectNoPlaintext = (text: string, secret: string) => {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice('whsec_'.length));
    expect(text).not.toContain(Buffer.from(secret).toString('hex'));
    expect(text).not.toContain(Buffer.from(secret.slice('whsec_'.length), 'base64').toString('hex'));
  };

  const expectError = (response: HttpResult, status: number, code: string) => {
    expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
    expect(errorBodySchema.safeParse(response.body).success).toBe(true);
    expect(typeof response.body.error).toBe('string');
  };

  const expectValidationError = (response: HttpResult, at: string) => {
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toContain(at);
  };

  it('creates an endpoint (201) whose secret is shown once and stored encrypted', async () => {
    const apiKey = await account('Creator');
    const before = Date.now();
    const created = await create(apiKey, {
      url: 'https://hooks.example.com/lead-engine',
      events: ['export.completed', 'scrape.completed'],
      description: 'CRM sync',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'https://hooks.example.com/lead-engine',
      events: ['export.completed', 'scrape.completed'],
      description: 'CRM sync',
      enabled: true,
      creditsLowThreshold: null,
      disabledReason: null,
      secretRotatedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(SECRET),
    });
    expect(Buffer.from(created.body.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(created.body.updatedAt).toBe(created.body.createdAt);
    expect(Math.abs(Date.parse(created.body.createdAt) - before)).toBeLessThan(60_000);
    const { id, secret } = created.body;

    const got = await call(apiKey, 'GET', `/api/v1/webhooks/${id}`);
    expect(got.status).toBe(200);
    const { secret: _secret, ...endpoint } = created.body;
    expect(got.body).toEqual(endpoint);
    expect(got.text).not.toContain(secret);

    const listed = await call(apiKey, 'GET', '/api/v1/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ webhooks: [endpoint] });
    expect(listed.text).not.toContain(secret);

    expectNoPlaintext(await rowText(id), secret);
    const [row] = await harness.query('SELECT account_id, secret_sealed FROM webhook_endpoints WHERE id = $1', [id]);
    expect(row.secret_sealed.length).toBeGreaterThan(secret.length);
    expect(row.secret_sealed.toString('latin1')).not.toContain(secret.slice('whsec_'.length));
  });

  it('gives credits.low a threshold (100 by default), takes a single event as a list, and lists newest first', async () => {
    const apiKey = await account('Thresholds');
    const byDefault = await create(apiKey, { url: 'http://hooks.example.net:9/hook', events: 'credits.low' });
    expect(byDefault.status).toBe(201);
    expect(byDefault.body).toMatchObject({ events: ['credits.low'], creditsLowThreshold: 100, description: null });
    const chosen = await create(apiKey, {
      url: 'https://example.org/h',
      events: ['credits.low', 'export.failed'],
      creditsLowThreshold: 250,
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.creditsLowThreshold).toBe(250);
    const third = await create(apiKey, { url: 'https://example.org/3', events: ['enrichment.completed', 'enrichment.failed'] });
    expect(third.status).toBe(201);
    expect(new Set([byDefault.body.secret, chosen.body.secret, third.body.secret]).size).toBe(3);

    const listed = await call(apiKey, 'GET', '/api/v1/webhooks');
    expect(listed.body.webhooks.map((endpoint: { id: string }) => endpoint.id)).toEqual([third.body.id, chosen.body.id, byDefault.body.id]);
    for (const endpoint of listed.body.webhooks) expect(endpoint).not.toHaveProperty('secret');
  });

  it('changes each field with PATCH, leaving the others as they were', async () => {
    const apiKey = await account('Patcher');
    const { body: created } = await create(apiKey, { url: 'https://a.example.com/', events: ['export.completed'], description: 'first' });
    const patch = async (body: unknown) => {
      const response = await call(apiKey, 'PATCH', `/api/v1/webhooks/${created.id}`, body);
      expect(response.status).toBe(200);
      expect(response.body).not.toHaveProperty('secret');
      expect(Date.parse(response.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
      expect(response.body.createdAt).toBe(created.createdAt);
      return response.body;
    };

    expect(await patch({ url: 'https://b.example.com/hook' })).toMatchObject({
      url: 'https://b.example.com/hook',
      events: ['export.completed'],
      description: 'first',
      enabled: true,
    });
    expect(await patch({ description: 'second' })).toMatchObject({ url: 'https://b.example.com/hook', description: 'second' });
    expect(await patch({ description: null })).toMatchObject({ description: null });
    expect(await patch({ enabled: false })).toMatchObject({ enabled: false, disabledReason: null, url: 'https://b.example.com/hook' });
    expect(await patch({ enabled: true })).toMatchObject({ enabled: true, disabledReason: null });
    // Adding credits.low without a threshold gives the default; a threshold then changes alone.
    expect(await patch({ events: ['export.completed', 'credits.low'] })).toMatchObject({
      events: ['export.completed', 'credits.low'],
      creditsLowThreshold: 100,
    });
    expect(await patch({ creditsLowThreshold: 500 })).toMatchObject({
      events: ['export.completed', 'credits.low'],
      creditsLowThreshold: 500,
    });
    expect(await patch({ creditsLowThreshold: null })).toMatchObject({ creditsLowThreshold: 100 });
    // Dropping credits.low drops its threshold.
    expect(await patch({ events: 'scrape.completed' })).toMatchObject({ events: ['scrape.completed'], creditsLowThreshold: null });
    const last = await patch({ events: ['credits.low'], creditsLowThreshold: 7, description: 'all at once', enabled: false });
    expect(last).toMatchObject({ events: ['credits.low'], creditsLowThreshold: 7, description: 'all at once', enabled: false });

    expect((await call(apiKey, 'GET', `/api/v1/webhooks/${created.id}`)).body).toEqual(last);
    expectNoPlaintext(await rowText(created.id), created.secret);
  });

  it('deletes an endpoint (204) and then answers 404 for it', async () => {
    const apiKey = await account('Deleter');
    const { body: kept } = await create(apiKey, { url: 'https://keep.example.com/', events: ['export.failed'] });
    const { body: gone } = await create(apiKey, { url: 'https://gone.example.com/', events: ['export.failed'] });

    const deleted = await call(apiKey, 'DELETE', `/api/v1/webhooks/${gone.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');

    expectError(await call(apiKey, 'GET', `/api/v1/webhooks/${gone.id}`), 404, 'NOT_FOUND');
    expectError(await call(apiKey, 'DELETE', `/api/v1/webhooks/${gone.id}`), 404, 'NOT_FOUND');
    expectError(await call(apiKey, 'PATCH', `/api/v1/webhooks/${gone.id}`, { enabled: false }), 404, 'NOT_FOUND');
    expectError(await call(apiKey, 'POST', `/api/v1/webhooks/${gone.id}/rotate-secret`), 404, 'NOT_FOUND');
    expect((await call(apiKey, 'GET', '/api/v1/webhooks')).body.webhooks.map((endpoint: { id: string }) => endpoint.id)).toEqual([kept.id]);
    expect(await harness.query('SELECT id FROM webhook_endpoints WHERE id = $1', [gone.id])).toEqual([]);
  });

  it('rotates the secret: a new one shown once, the previous one kept for 24 hours, neither in plain text', async () => {
    const apiKey = await account('Rotator');
    const { body: created } = await create(apiKey, { url: 'https://rotate.example.com/', events: ['scrape.completed'] });

    const before = Date.now();
    const rotated = await call(apiKey, 'POST', `/api/v1/webhooks/${created.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({
      id: created.id,
      url: created.url,
      events: created.events,
      secret: expect.stringMatching(SECRET),
      secretRotatedAt: expect.any(String),
      previousSecretExpiresAt: expect.any(String),
    });
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(Math.abs(Date.parse(rotated.body.previousSecretExpiresAt) - (before + DAY_MS))).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(rotated.body.secretRotatedAt) - before)).toBeLessThan(60_000);

    const got = await call(apiKey, 'GET', `/api/v1/webhooks/${created.id}`);
    expect(got.body).not.toHaveProperty('secret');
    expect(got.body).not.toHaveProperty('previousSecretExpiresAt');
    expect(got.body.secretRotatedAt).toBe(rotated.body.secretRotatedAt);
    expect(got.text).not.toContain(rotated.body.secret);

    const row = await rowText(created.id);
    expectNoPlaintext(row, created.secret);
    expectNoPlaintext(row, rotated.body.secret);
    const [stored] = await harness.query(
      'SELECT previous_secret_sealed IS NOT NULL AS kept, previous_secret_expires_at FROM webhook_endpoints WHERE id = $1',
      [created.id],
    );
    expect(stored.kept).toBe(true);
    expect(stored.previous_secret_expires_at.toISOString()).toBe(rotated.body.previousSecretExpiresAt);

    const again = await call(apiKey, 'POST', `/api/v1/webhooks/${created.id}/rotate-secret`);
    expect(again.status).toBe(200);
    expect(new Set([created.secret, rotated.body.secret, again.body.secret]).size).toBe(3);
  });

  it(`holds at most ${MAX_WEBHOOK_ENDPOINTS} endpoints per account; deleting one makes room for another`, async () => {
    const apiKey = await account('Limit');
    const endpoint = (index: number) => ({ url: `https://limit.example.com/${index}`, events: ['export.completed'] });
    const created = [];
    for (let index = 0; index < MAX_WEBHOOK_ENDPOINTS; index += 1) {
      const response = await create(apiKey, endpoint(index));
      expect(response.status).toBe(201);
      created.push(response.body);
    }
    const refused = await create(apiKey, endpoint(20));
    expectError(refused, 409, 'WEBHOOK_LIMIT_REACHED');
    expect(refused.body.message).toContain('20');
    expect((await call(apiKey, 'GET', '/api/v1/webhooks')).body.webhooks).toHaveLength(MAX_WEBHOOK_ENDPOINTS);

    expect((await call(apiKey, 'DELETE', `/api/v1/webhooks/${created[3].id}`)).status).toBe(204);
    expect((await create(apiKey, endpoint(21))).status).toBe(201);
    expectError(await create(apiKey, endpoint(22)), 409, 'WEBHOOK_LIMIT_REACHED');

    // Another account has its own 20.
    expect((await create(await account('Limit other'), endpoint(0))).status).toBe(201);
  });

  it('keeps the limit when creations race', async () => {
    const apiKey = await account('Racer');
    const responses = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 5 }, (_, index) =>
        create(apiKey, { url: `https://race.example.com/${index}`, events: 'credits.low' }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    const refused = responses.filter((response) => response.status !== 201);
    expect(refused).toHaveLength(5);
    for (const response of refused) expectError(response, 409, 'WEBHOOK_LIMIT_REACHED');
    expect((await call(apiKey, 'GET', '/api/v1/webhooks')).body.webhooks).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });

  it("answers another account's endpoint exactly like an unknown one, and leaves it untouched", async () => {
    const owner = await account('Owner');
    const stranger = await account('Stranger');
    const { body: created } = await create(owner, { url: 'https://owner.example.com/', events: ['export.completed'] });
    const unknownId = randomUUID();

    const attempts = (id: string) => [
      call(stranger, 'GET', `/api/v1/webhooks/${id}`),
      call(stranger, 'PATCH', `/api/v1/webhooks/${id}`, { url: 'https://stranger.example.com/' }),
      call(stranger, 'POST', `/api/v1/webhooks/${id}/rotate-secret`),
      call(stranger, 'DELETE', `/api/v1/webhooks/${id}`),
    ];
    const foreign = await Promise.all(attempts(created.id));
    const unknown = await Promise.all(attempts(unknownId));
    foreign.forEach((response, index) => {
      expectError(response, 404, 'NOT_FOUND');
      expect({ ...response.body, message: response.body.message.replace(created.id, 'ID') }).toEqual({
        ...unknown[index].body,
        message: unknown[index].body.message.replace(unknownId, 'ID'),
      });
    });

    expect((await call(stranger, 'GET', '/api/v1/webhooks')).body).toEqual({ webhooks: [] });
    const { secret: _secret, ...endpoint } = created;
    expect((await call(owner, 'GET', `/api/v1/webhooks/${created.id}`)).body).toEqual(endpoint);
  });

  describe('refuses malformed requests in the error envelope', () => {
    let apiKey: string;
    let existing: { id: string };

    beforeAll(async () => {
      apiKey = await account('Validator');
      existing = (await create(apiKey, { url: 'https://valid.example.com/', events: ['export.completed'] })).body;
    });

    it.each([
      ['a URL that is not one', { url: 'not a url', events: ['export.completed'] }, 'url'],
      ['a URL without http(s)', { url: 'ftp://files.example.com/', events: ['export.completed'] }, 'url'],
      ['a URL over 2048 characters', { url: `https://example.com/${'a'.repeat(2048)}`, events: ['export.completed'] }, 'url'],
      ['no URL', { events: ['export.completed'] }, 'url'],
      ['an unknown event', { url: 'https://example.com/', events: ['export.started'] }, 'events'],
      ['no events', { url: 'https://example.com/', events: [] }, 'events'],
      ['events left out', { url: 'https://example.com/' }, 'events'],
      ['an event twice', { url: 'https://example.com/', events: ['export.completed', 'export.completed'] }, 'events'],
      [
        'a threshold without credits.low',
        { url: 'https://example.com/', events: ['export.completed'], creditsLowThreshold: 50 },
        'creditsLowThreshold',
      ],
      ['a threshold of 0', { url: 'https://example.com/', events: ['credits.low'], creditsLowThreshold: 0 }, 'creditsLowThreshold'],
      ['a fractional threshold', { url: 'https://example.com/', events: ['credits.low'], creditsLowThreshold: 1.5 }, 'creditsLowThreshold'],
      ['a huge threshold', { url: 'https://example.com/', events: ['credits.low'], creditsLowThreshold: 1e12 }, 'creditsLowThreshold'],
      [
        'a description over 500 characters',
        { url: 'https://example.com/', events: ['credits.low'], description: 'd'.repeat(501) },
        'description',
      ],
      ['an unknown key', { url: 'https://example.com/', events: ['credits.low'], secret: 'whsec_mine' }, 'secret'],
    ])('POST with %s', async (_case, body, at) => {
      expectValidationError(await create(apiKey, body), at);
    });

    it.each([
      ['loopback', 'http://127.0.0.1:9/', '127.0.0.1 (loopback)'],
      ['loopback written in decimal', 'http://2130706433/', '127.0.0.1 (loopback)'],
      ['a name that resolves to loopback', 'http://localhost:9/hook', '(loopback)'],
      ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data', '169.254.169.254 (linkLocal)'],
      ['IPv4-compatible IPv6', 'http://[::127.0.0.1]/', '::7f00:1 (ipv4Compatible)'],
      ['IPv4-mapped IPv6', 'http://[::ffff:a9fe:a9fe]/', '169.254.169.254 (linkLocal)'],
      ['a private network', 'https://10.20.30.40:8443/hook', '10.20.30.40 (private)'],
    ])('POST with a URL to %s, saying why, whatever the scrape settings allow', async (_case, url, reason) => {
      const refused = await create(apiKey, { url, events: ['export.completed'] });
      expectValidationError(refused, 'url');
      expect(refused.body.message).toContain(reason);
      expect(refused.body.message).toContain('not a public address');
    });

    it('POST with user:pass@ in the URL, saying why', async () => {
      for (const url of ['https://user:pass@example.com/', 'https://token@example.com/hook']) {
        const refused = await create(apiKey, { url, events: ['export.completed'] });
        expectValidationError(refused, 'url');
        expect(refused.body.message).toContain('must not contain a user name or password');
      }
    });

    it('refuses a body that is not JSON, and creates nothing on any refusal', async () => {
      const broken = await http(harness.url, 'POST', '/api/v1/webhooks', { apiKey, rawBody: '{"url":' });
      expectError(broken, 400, 'INVALID_JSON');
      expect((await call(apiKey, 'GET', '/api/v1/webhooks')).body.webhooks).toHaveLength(1);
    });

    it.each([
      ['an empty body', {}, ''],
      ['no body at all', undefined, ''],
      ['an unknown key', { name: 'x' }, 'name'],
      ['a bad URL', { url: 'mailto:someone@example.com' }, 'url'],
      ['a URL with credentials', { url: 'https://user:pass@example.com/' }, 'url'],
      ['a URL to loopback', { url: 'http://127.0.0.1:9/' }, 'url'],
      ['a URL to the metadata address', { url: 'http://[::a9fe:a9fe]/' }, 'url'],
      ['an unknown event', { events: ['lead.revealed'] }, 'events'],
      ['enabled as a string', { enabled: 'yes' }, 'enabled'],
      ['a threshold while the endpoint has no credits.low', { creditsLowThreshold: 10 }, 'creditsLowThreshold'],
      ['a threshold with events lacking credits.low', { events: ['export.failed'], creditsLowThreshold: 10 }, 'creditsLowThreshold'],
      ['a threshold out of range', { events: ['credits.low'], creditsLowThreshold: -3 }, 'creditsLowThreshold'],
    ])('PATCH with %s', async (_case, body, at) => {
      expectValidationError(await call(apiKey, 'PATCH', `/api/v1/webhooks/${existing.id}`, body), at);
    });

    it('leaves the endpoint as it was after refused PATCHes', async () => {
      expect((await call(apiKey, 'GET', `/api/v1/webhooks/${existing.id}`)).body).toMatchObject({
        url: 'https://valid.example.com/',
        events: ['export.completed'],
        creditsLowThreshold: null,
        enabled: true,
      });
    });

    it.each(['not-a-uuid', '123', `${randomUUID()}x`, "1' OR '1'='1"])('answers BAD_ID for the malformed id %s', async (id) => {
      const at = `/api/v1/webhooks/${encodeURIComponent(id)}`;
      expectError(await call(apiKey, 'GET', at), 400, 'BAD_ID');
      expectError(await call(apiKey, 'PATCH', at, { enabled: false }), 400, 'BAD_ID');
      expectError(await call(apiKey, 'DELETE', at), 400, 'BAD_ID');
      expectError(await call(apiKey, 'POST', `${at}/rotate-secret`), 400, 'BAD_ID');
    });

    it('requires an API key', async () => {
      expectError(await http(harness.url, 'GET', '/api/v1/webhooks'), 401, 'AUTH_REQUIRED');
      expectError(
        await http(harness.url, 'POST', '/api/v1/webhooks', { body: { url: 'https://example.com/', events: ['credits.low'] } }),
        401,
        'AUTH_REQUIRED',
      );
      expectError(
        await http(harness.url, 'DELETE', `/api/v1/webhooks/${existing.id}`, { apiKey: 'le_live_nothing' }),
        401,
        'INVALID_API_KEY',
      );
    });
  });
});
