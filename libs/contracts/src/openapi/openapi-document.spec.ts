import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '../errors/error-codes';
import { API_OPERATIONS } from '../operations/api-operations';
import { isConsoleOperation } from '../operations/operation-access';
import { buildOpenApiDocument } from './build-openapi-document';
import { OPENAPI_DOCUMENT_PATH, serializeOpenApiDocument } from './write-openapi-document';

type Schema = Record<string, any>;
type Response = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { allOf?: Array<{ properties?: { code?: { enum?: string[] } } }> } }>;
};
type Operation = {
  operationId: string;
  deprecated?: boolean;
  responses: Record<string, Response>;
  parameters?: Array<{ name?: string; in?: string; required?: boolean; $ref?: string }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  security: unknown[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, { name: string; in: string }>;
    headers: Record<string, Schema>;
    securitySchemes: unknown;
  };
};

const codesOf = (response: Response) => response.content?.['application/json']?.schema.allOf?.[1]?.properties?.code?.enum ?? [];

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument() as Document;

  it('matches the committed libs/contracts/openapi.json', () => {
    const committed: unknown = JSON.parse(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8'));
    try {
      expect(committed).toEqual(document);
    } catch {
      throw new Error(
        'libs/contracts/openapi.json is out of date: run `npm run build` and then `npm run openapi:write`, and commit the result.',
      );
    }
    expect(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8')).toBe(serializeOpenApiDocument());
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(document));
  });

  it('is OpenAPI 3.1 at version 1.1.0 with the X-API-Key scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Lead Engine API', version: '1.1.0' });
    expect(document.components.securitySchemes).toMatchObject({ ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } });
  });

  it('has every path of the API', () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/health',
        '/ready',
        '/docs',
        '/api/v1/openapi.json',
        '/api/v1/credits',
        '/api/v1/leads/filters',
        '/api/v1/leads/search',
        '/api/v1/leads/browse',
        '/api/v1/leads/reveal',
        '/api/v1/leads/reveal/quote',
        '/api/v1/leads/revealed',
        '/api/v1/leads/revealed/csv',
        '/api/v1/leads/exports',
        '/api/v1/leads/exports/quote',
        '/api/v1/leads/exports/{id}',
        '/api/v1/leads/exports/{id}/csv',
        '/api/v1/icp-score',
        '/api/v1/enrich-csv',
        '/api/v1/enrich-csv/jobs',
        '/api/v1/enrich-csv/jobs/{id}',
        '/api/v1/enrich-csv/jobs/{id}/csv',
        '/api/v1/scrape/jobs',
        '/api/v1/scrape/jobs/{id}',
        '/api/v1/scrape/jobs/{id}/results',
        '/api/v1/scrape/jobs/{id}/results/csv',
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/rotate-secret',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
        '/api/v1/enrich',
        '/api/v1/find-email',
        '/api/v1/find-phone',
        '/console/api/session',
        '/console/api/sessions',
        '/console/api/me',
        '/console/api/me/password',
        '/console/api/me/sessions',
        '/console/api/me/sessions/{id}',
        '/console/api/invites/{token}',
        '/console/api/keys',
        '/console/api/keys/{id}',
        '/console/api/keys/{id}/limits',
        '/console/api/plan',
        '/console/api/plan/trial',
        '/console/api/team',
        '/console/api/team/invites',
        '/console/api/team/{id}',
        '/console/api/usage',
        '/console/api/usage/csv',
        '/console/api/overview',
        '/console/api/overview/low-balance-threshold',
        '/console/api/leads/filters',
        '/console/api/leads/count',
        '/console/api/leads/browse',
        '/console/api/leads/reveal/quote',
        '/console/api/leads/reveal',
        '/console/api/leads/revealed',
        '/console/api/leads/revealed/csv',
        '/console/api/leads/exports/quote',
        '/console/api/leads/exports',
        '/console/api/exports/{id}',
        '/console/api/exports/{id}/csv',
        '/console/api/saved-searches',
        '/console/api/saved-searches/{id}',
        '/console/api/jobs',
        '/console/api/scrapes',
        '/console/api/scrapes/quote',
        '/console/api/scrapes/{id}',
        '/console/api/scrapes/{id}/results',
        '/console/api/scrapes/{id}/results/csv',
        '/console/api/enrichments',
        '/console/api/enrichments/quote',
        '/console/api/enrichments/{id}',
        '/console/api/enrichments/{id}/csv',
        '/console/api/operator/contacts',
        '/console/api/operator/accounts',
        '/console/api/operator/accounts/{id}',
        '/console/api/operator/accounts/{id}/grants',
        '/console/api/operator/accounts/{id}/plan',
        '/console/api/operator/accounts/{id}/trial',
        '/console/api/operator/contact-imports',
        '/console/api/operator/contact-imports/generated',
        '/console/api/operator/contact-imports/{id}',
        '/console/api/operator/accounts/{id}/keys',
        '/console/api/operator/accounts/{id}/keys/{keyId}',
        '/console/api/operator/accounts/{id}/invites',
        '/console/api/operator/accounts/{id}/users/{userId}/password-reset',
        '/console/api/operator/system',
      ].sort(),
    );
    expect(Object.keys(document.paths['/api/v1/leads/exports']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/v1/scrape/jobs']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/v1/webhooks']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/v1/webhooks/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
  });

  it("documents the console's API under its own tags (the operator's pages apart), with the session cookie and the cross-origin check", () => {
    const consolePaths = Object.keys(document.paths).filter((path) => path.startsWith('/console/api/'));
    for (const path of consolePaths) {
      for (const [method, operation] of Object.entries(document.paths[path]) as Array<[string, Operation & { tags: string[] }]>) {
        expect(operation.tags).toEqual([path.startsWith('/console/api/operator/') ? 'Operator' : 'Console']);
        const listed = Object.values(operation.responses).flatMap(codesOf);
        expect(listed).not.toContain('INVALID_API_KEY');
        expect({ method, path, crossOrigin: listed.includes('CROSS_ORIGIN_REQUEST') }).toEqual({
          method,
          path,
          crossOrigin: method !== 'get',
        });
      }
    }
    expect(document.paths['/console/api/me'].get.security).toEqual([{ ConsoleSession: [] }]);
    expect(codesOf(document.paths['/console/api/me'].get.responses['401'])).toEqual(['SESSION_REQUIRED']);
    const signIn = document.paths['/console/api/session'].post;
    expect(signIn.security).toEqual([]);
    expect(codesOf(signIn.responses['401'])).toEqual(['INVALID_CREDENTIALS']);
    expect(codesOf(signIn.responses['429'])).toEqual(['RATE_LIMITED']);
    expect(signIn.responses['429'].headers).toHaveProperty('Retry-After');
    expect(codesOf(document.paths['/console/api/invites/{token}'].post.responses['410'])).toEqual(['INVITE_INVALID']);
    expect(document.components.securitySchemes).toMatchObject({ ConsoleSession: { type: 'apiKey', in: 'cookie', name: 'le_session' } });
  });

  it('documents webhook subscriptions: 201 with the secret, 204 without a body, 409 at the limit', () => {
    const webhooks = document.paths['/api/v1/webhooks'];
    expect(webhooks.post.responses['201'].content!['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookEndpointCreated',
    });
    expect(codesOf(webhooks.post.responses['409'])).toEqual(['WEBHOOK_LIMIT_REACHED']);
    const remove = document.paths['/api/v1/webhooks/{id}'].delete.responses;
    expect(remove['204']).not.toHaveProperty('content');
    expect(codesOf(remove['404'])).toContain('NOT_FOUND');
    expect(codesOf(remove['400'])).toContain('BAD_ID');
    const schemas = document.components.schemas;
    expect(schemas.WebhookEndpoint.properties).not.toHaveProperty('secret');
    expect(schemas.WebhookEndpointCreated.required).toContain('secret');
    expect(schemas.WebhookSecretRotated.required).toEqual(expect.arrayContaining(['secret', 'previousSecretExpiresAt']));
    expect(schemas.WebhookCreateRequest.required).toEqual(['url', 'events']);
    expect(schemas.WebhookCreateRequest.properties.creditsLowThreshold).toMatchObject({ type: 'integer', minimum: 1 });
    expect(schemas.WebhookUpdateRequest).toMatchObject({ minProperties: 1, additionalProperties: false });
  });

  it('documents every error code, each at its HTTP status', () => {
    const documented = new Map<string, Set<string>>();
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const code of codesOf(response)) documented.set(code, (documented.get(code) ?? new Set()).add(status));
        }
      }
    }
    expect(ERROR_CODES.filter((code) => !documented.has(code))).toEqual([]);
    expect([...documented.get('INSUFFICIENT_CREDITS')!]).toEqual(['402']);
    // Sign-in's own throttle answers 429; the shared per-address limit 503 everywhere.
    expect([...documented.get('RATE_LIMITED')!].sort()).toEqual(['429', '503']);
    expect([...documented.get('ENDPOINT_RETIRED')!]).toEqual(['410']);
    expect([...documented.get('EXPORT_NOT_READY')!]).toEqual(['409']);
  });

  it("lists each operation's own codes plus the universal ones, grouped by status", () => {
    const reveal = document.paths['/api/v1/leads/reveal'].post.responses;
    expect(codesOf(reveal['400'])).toEqual(
      expect.arrayContaining(['LEAD_IDS_REQUIRED', 'TOO_MANY_LEADS', 'BAD_ID', 'VALIDATION_ERROR', 'INVALID_JSON']),
    );
    expect(codesOf(reveal['401'])).toEqual(['AUTH_REQUIRED', 'INVALID_API_KEY']);
    expect(codesOf(reveal['413'])).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(codesOf(reveal['500'])).toEqual(['INTERNAL_ERROR']);
    expect(codesOf(reveal['503'])).toEqual(expect.arrayContaining(['RATE_LIMITED', 'LEADS_SOURCE_DOWN']));
    expect(reveal['503'].headers).toHaveProperty('Retry-After');
    expect(reveal['400'].description).toContain('TOO_MANY_LEADS');
    for (const operation of API_OPERATIONS) {
      const responses = document.paths[operation.path][operation.method].responses;
      const listed = Object.values(responses).flatMap(codesOf);
      expect({ operation: operation.operationId, missing: operation.errors.filter((code) => !listed.includes(code)) }).toEqual({
        operation: operation.operationId,
        missing: [],
      });
      expect(listed).toEqual(expect.arrayContaining(['INTERNAL_ERROR']));
      // Probes and the documentation are off the rate limit; everything behind the API key is on it.
      if (operation.access !== 'none' || isConsoleOperation(operation)) expect(listed).toContain('RATE_LIMITED');
      else expect(listed).not.toContain('RATE_LIMITED');
      if (operation.access === 'api-key') expect(listed).toEqual(expect.arrayContaining(['AUTH_REQUIRED', 'INVALID_API_KEY']));
      if (operation.retired) expect(Object.keys(responses)).not.toContain('200');
      else expect(Object.keys(responses)).toContain(String(operation.success.status));
    }
    expect(Object.keys(document.paths['/health'].get.responses)).not.toContain('401');
  });

  it('requires the API key everywhere but /health, the document and the docs page', () => {
    const open = API_OPERATIONS.filter((operation) => operation.access === 'none' && !isConsoleOperation(operation)).map(
      (operation) => operation.path,
    );
    expect(open.sort()).toEqual(['/api/v1/openapi.json', '/docs', '/health', '/ready']);
    expect(document.paths['/api/v1/openapi.json'].get.security).toEqual([]);
    expect(document.paths['/api/v1/credits'].get.security).toEqual([{ ApiKey: [] }]);
    expect(document.paths['/api/v1/find-email'].post.security).toEqual([{ ApiKey: [] }]);
  });

  it('offers Idempotency-Key on the POSTs that spend credits or start jobs, and only there', () => {
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    const withKey = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ at: `${method} ${path}`, operation })))
      .filter(({ operation }) => operation.parameters?.some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey'))
      .map(({ at }) => at);
    expect(withKey.sort()).toEqual([
      'post /api/v1/enrich-csv',
      'post /api/v1/icp-score',
      'post /api/v1/leads/exports',
      'post /api/v1/leads/reveal',
      'post /api/v1/scrape/jobs',
    ]);
  });

  it('lists path and query parameters one by one', () => {
    const names = (path: string) => document.paths[path].get.parameters!.map((parameter) => `${parameter.in}:${parameter.name}`);
    expect(names('/api/v1/scrape/jobs/{id}/results')).toEqual(['path:id', 'query:offset', 'query:limit', 'query:status']);
    expect(names('/api/v1/leads/filters')).toEqual(['query:field']);
    expect(document.paths['/api/v1/leads/exports/{id}'].get.parameters![0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });

  it('documents the multipart upload, the CSV download and the rate-limit headers', () => {
    expect(document.paths['/api/v1/enrich-csv'].post.requestBody!.content['multipart/form-data'].schema.$ref).toBe(
      '#/components/schemas/EnrichmentUpload',
    );
    expect(Object.keys(document.components.schemas.EnrichmentUpload.properties!)).toEqual([
      'file',
      'fields',
      'target_icp',
      'seller_offer',
      'user_tag',
    ]);
    expect(document.components.schemas.EnrichmentUpload.properties!.file.format).toBe('binary');
    const download = document.paths['/api/v1/leads/exports/{id}/csv'].get.responses['200'];
    expect(Object.keys(download.content!)).toEqual(['text/csv']);
    expect(Object.keys(download.headers!)).toEqual(
      expect.arrayContaining(['X-Delivered-Rows', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
    expect(document.paths['/api/v1/leads/exports'].post.responses).toHaveProperty('202');
  });

  it('refers to named schemas instead of repeating them', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorBody', 'SearchRequest', 'MaskedLead', 'ExportJob', 'NormalizedFilters']),
    );
    const text = JSON.stringify(document);
    expect(text).not.toContain('$defs');
    expect(text.match(/"#\/components\/schemas\/MaskedLead"/g)).toHaveLength(1);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) expect(document.components.schemas).toHaveProperty([name]);
  });

  describe('states the rules the engine enforces', () => {
    const schemas = document.components.schemas;
    const bodyOf = (path: string) => document.paths[path].post.requestBody!;

    it('export limit, lead ids and domains are required, and a body with them too', () => {
      expect(schemas.ExportCreateRequest.required).toEqual(['limit']);
      expect(schemas.RevealRequest.required).toEqual(['leadIds']);
      expect(schemas.ScrapeCreateRequest.required).toEqual(['domains']);
      for (const path of ['/api/v1/leads/reveal', '/api/v1/leads/exports', '/api/v1/scrape/jobs', '/api/v1/icp-score']) {
        expect({ path, required: bodyOf(path).required }).toEqual({ path, required: true });
      }
      expect(JSON.stringify(document)).not.toContain('requiredByEngine');
    });

    it('bounds lead ids to 1..1000 and domains to 1..50000, in either the string or the array form', () => {
      expect(schemas.RevealRequest.properties.leadIds.anyOf).toEqual([
        { type: 'string', minLength: 1 },
        { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1000 },
      ]);
      expect(schemas.ScrapeCreateRequest.properties.domains.anyOf).toEqual([
        { type: 'string', minLength: 1 },
        { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 50000 },
      ]);
    });

    it('needs an email, or first_name, last_name and domain, for icp-score', () => {
      expect(schemas.IcpScoreRequest.required).toEqual(['target_icp']);
      expect(schemas.IcpScoreRequest.anyOf).toEqual([
        { required: ['email'], properties: { email: { type: 'string', minLength: 1 } } },
        {
          required: ['first_name', 'last_name', 'domain'],
          properties: {
            first_name: { type: 'string', minLength: 1 },
            last_name: { type: 'string', minLength: 1 },
            domain: { type: 'string', minLength: 1 },
          },
        },
      ]);
    });

    it('lets the count and browse bodies be absent or JSON null', () => {
      for (const [path, name] of [
        ['/api/v1/leads/search', 'SearchRequest'],
        ['/api/v1/leads/browse', 'BrowseRequest'],
      ]) {
        expect(bodyOf(path)).toEqual({
          required: false,
          content: { 'application/json': { schema: { anyOf: [{ $ref: `#/components/schemas/${name}` }, { type: 'null' }] } } },
        });
      }
    });

    it('refuses unknown enrichment form fields', () => {
      expect(schemas.EnrichmentUpload.additionalProperties).toBe(false);
      expect(bodyOf('/api/v1/enrich-csv').required).toBe(true);
    });
  });

  describe('documents the response headers the engine sends', () => {
    const headersOf = (path: string, method: string, status: string) =>
      Object.keys(document.paths[path][method].responses[status].headers!);

    it('X-Request-Id on every response, as required', () => {
      expect(document.components.headers['X-Request-Id']).toMatchObject({ required: true });
      for (const methods of Object.values(document.paths)) {
        for (const operation of Object.values(methods)) {
          for (const response of Object.values(operation.responses)) expect(Object.keys(response.headers!)).toContain('X-Request-Id');
        }
      }
    });

    it('Idempotent-Replayed on the successes of the operations that honour Idempotency-Key', () => {
      expect(headersOf('/api/v1/leads/reveal', 'post', '200')).toContain('Idempotent-Replayed');
      expect(headersOf('/api/v1/enrich-csv', 'post', '202')).toContain('Idempotent-Replayed');
      expect(headersOf('/api/v1/leads/reveal', 'post', '400')).not.toContain('Idempotent-Replayed');
      expect(headersOf('/api/v1/leads/browse', 'post', '200')).not.toContain('Idempotent-Replayed');
    });

    it("X-Total-Rows on the enrichment downloads and X-Delivered-Rows on the export downloads, the console's too", () => {
      expect(document.paths['/api/v1/enrich-csv/jobs/{id}/csv'].get.responses['200'].headers!['X-Total-Rows']).toMatchObject({
        required: true,
        schema: { type: 'integer' },
      });
      expect(headersOf('/api/v1/leads/exports/{id}/csv', 'get', '200')).toContain('X-Delivered-Rows');
      expect(headersOf('/console/api/exports/{id}/csv', 'get', '200')).toContain('X-Delivered-Rows');
      expect(headersOf('/console/api/enrichments/{id}/csv', 'get', '200')).toContain('X-Total-Rows');
    });
  });

  it('gives a path id format uuid where the engine answers a malformed one with 400 BAD_ID, and only there', () => {
    const formatOf = (path: string, method: string, name: string) =>
      (document.paths[path][method].parameters as Array<{ name?: string; schema?: Schema }>).find((parameter) => parameter.name === name)
        ?.schema?.format;
    expect(formatOf('/api/v1/enrich-csv/jobs/{id}', 'get', 'id')).toBe('uuid');
    expect(formatOf('/api/v1/enrich-csv/jobs/{id}/csv', 'get', 'id')).toBe('uuid');
    expect(formatOf('/api/v1/webhooks/{id}', 'patch', 'id')).toBe('uuid');
    expect(formatOf('/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver', 'post', 'deliveryId')).toBe('uuid');
    expect(formatOf('/api/v1/scrape/jobs/{id}', 'get', 'id')).toBeUndefined();
    expect(formatOf('/api/v1/leads/exports/{id}', 'get', 'id')).toBeUndefined();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of (operation.parameters ?? []) as Array<{ in?: string; name?: string; schema?: Schema }>) {
          if (parameter.in !== 'path') continue;
          expect({ path, method, name: parameter.name, uuid: parameter.schema?.format === 'uuid' }).toEqual({
            path,
            method,
            name: parameter.name,
            uuid: codesOf(operation.responses['400']).includes('BAD_ID'),
          });
        }
      }
    }
  });

  it('documents the retired endpoints under POST only, the one method they had, with their 400 and 413', () => {
    for (const path of ['/api/v1/enrich', '/api/v1/find-email', '/api/v1/find-phone']) {
      expect(Object.keys(document.paths[path])).toEqual(['post']);
      const operation = document.paths[path].post;
      expect(operation).toMatchObject({ deprecated: true });
      expect(codesOf(operation.responses['410'])).toEqual(['ENDPOINT_RETIRED']);
      expect(codesOf(operation.responses['400'])).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'INVALID_JSON']));
      expect(codesOf(operation.responses['413'])).toEqual(['PAYLOAD_TOO_LARGE']);
    }
    expect(document.paths['/api/v1/find-email'].post.operationId).toBe('retiredFindEmail');
  });
});
