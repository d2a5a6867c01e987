import { z } from 'zod';
import { contractJsonSchemaOverride } from '../common/contract-json-schema';
import { ERROR_HTTP_STATUS, ErrorCode } from '../errors/error-codes';
import { errorBodySchema } from '../errors/error.schemas';
import { ApiOperation, BODY_METHODS } from '../operations/api-operation';
import { API_OPERATIONS } from '../operations/api-operations';
import { accessErrors, isConsoleOperation, needsSession, OperationAccess } from '../operations/operation-access';
import { errorResponseHeaders, HEADER_COMPONENTS, successResponseHeaders } from './response-headers';

export const API_VERSION = '1.1.0';

type JsonObject = Record<string, unknown>;

const IDEMPOTENCY_KEY: JsonObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'The same key with the same request within 24 hours returns the first response and spends nothing more; with a different request: 409 IDEMPOTENCY_KEY_REUSED. Scoped to the account.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** What each tag groups, in a sentence; a tag without one is a lint warning the specs do not accept. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Service: 'Liveness, readiness, this document and the interactive documentation; no API key needed.',
  Credits: 'The credit balance of the account that owns the API key.',
  Leads:
    'Filter values, free counts and masked browsing; paid reveals (1 credit per lead not yet revealed) and the leads already paid for.',
  Exports:
    'CSV exports of the leads a filter set matches, with a free quote beforehand: 1 credit per delivered lead, charged at completion.',
  AI: 'ICP grading of one contact and CSV enrichment jobs, paid in credits.',
  Scrape: 'Jobs that read the text of company websites: 1 credit per unique domain held, refunded for domains without text.',
  Webhooks: 'Endpoints subscribed to events, signed deliveries, secret rotation and redelivery.',
  Retired: 'Endpoints of an earlier version: they answer 410 ENDPOINT_RETIRED and name what replaces them.',
  Console:
    "The web console's own API: a session cookie that signing in sets, never an API key, says who calls; unsafe methods pass a cross-origin check first.",
  Operator:
    "The console's pages for whoever runs the server: a signed-in operator's session only; every other user is refused with 403 FORBIDDEN.",
};

/** Collects named schemas into components and answers `$ref`s to them. */
class SchemaCollector {
  readonly components: Record<string, JsonObject> = {};

  toSchema(schema: z.ZodType, io: 'input' | 'output', use: 'request-body' | 'other' = 'other'): JsonObject {
    const converted = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
      override: (context) => listedContract(context as Parameters<typeof listedContract>[0]),
    }) as JsonObject;
    if (use === 'request-body') defaultsIntoDescriptions(converted);
    const definitions = (converted.$defs ?? {}) as Record<string, JsonObject>;
    // A definition that refers to a renamed one differs from its namesake too, so names settle in rounds.
    let renames = new Map(Object.keys(definitions).map((name) => [name, name]));
    for (let round = 0; round <= Object.keys(definitions).length; round += 1) {
      const next = new Map(
        Object.entries(definitions).map(([name, definition]) => [
          name,
          this.nameFor(name, rewriteRefs(definition, renames) as JsonObject, io),
        ]),
      );
      if ([...next].every(([name, chosen]) => renames.get(name) === chosen)) break;
      renames = next;
    }
    for (const [name, definition] of Object.entries(definitions)) {
      this.components[renames.get(name)!] = rewriteRefs(definition, renames) as JsonObject;
    }
    const { $schema: _schema, $defs: _defs, ...root } = converted;
    return rewriteRefs(root, renames) as JsonObject;
  }

  requiresKeys(schema: JsonObject): boolean {
    if (((schema.required as string[] | undefined) ?? []).length > 0) return true;
    const ref = schema.$ref as string | undefined;
    return ref !== undefined && this.requiresKeys(this.components[ref.slice('#/components/schemas/'.length)]);
  }

  private nameFor(name: string, definition: JsonObject, io: 'input' | 'output'): string {
    const existing = this.components[name];
    if (!existing || JSON.stringify(existing) === JSON.stringify(definition)) return name;
    return `${name}${io === 'input' ? 'Input' : 'Output'}`;
  }
}

const listedContract = contractJsonSchemaOverride();

/**
 * Generators read a property's `default` as a promise that the value is always there: openapi-typescript
 * (default options) makes such a key required in any named schema, so a request body built from
 * components would have to spell out every defaulted key. In a request body the default is said in words.
 */
function defaultsIntoDescriptions(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(defaultsIntoDescriptions);
  if (value === null || typeof value !== 'object') return;
  const properties = (value as JsonObject).properties as Record<string, JsonObject> | undefined;
  for (const property of Object.values(properties ?? {})) {
    if (property.default === undefined) continue;
    const said = `Default: ${JSON.stringify(property.default)}.`;
    property.description = property.description ? `${String(property.description).replace(/\.$/, '')}. ${said}` : said;
    delete property.default;
  }
  Object.values(value as JsonObject).forEach(defaultsIntoDescriptions);
}

function rewriteRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renames));
  if (value === null || typeof value !== 'object') return value;
  const result: JsonObject = {};
  for (const [key, inner] of Object.entries(value as JsonObject)) {
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) {
      const name = inner.slice('#/$defs/'.length);
      result[key] = `#/components/schemas/${renames.get(name) ?? name}`;
    } else {
      result[key] = rewriteRefs(inner, renames);
    }
  }
  return result;
}

function securityOf(access: OperationAccess): JsonObject[] {
  if (access === 'api-key') return [{ ApiKey: [] }];
  return needsSession(access) ? [{ ConsoleSession: [] }] : [];
}

function universalErrors(operation: ApiOperation): ErrorCode[] {
  // Every route refuses a multipart body it does not take with VALIDATION_ERROR; before any route is
  // chosen, headers over Node's limit (16 KB), the request line included, and a request that does not
  // arrive in time are refused.
  const codes: ErrorCode[] = ['INTERNAL_ERROR', 'VALIDATION_ERROR', 'HEADERS_TOO_LARGE', 'REQUEST_TIMEOUT'];
  // Probes and the documentation are off the rate limit (contract §2).
  const inConsole = isConsoleOperation(operation);
  if (operation.access !== 'none' || operation.retired || inConsole) codes.unshift('RATE_LIMITED');
  if (inConsole) {
    // Sessions live in PostgreSQL; unsafe methods pass the cross-origin check before anything else.
    if (needsSession(operation.access)) codes.push('SESSION_REQUIRED');
    if (!['get', 'head', 'options'].includes(operation.method)) codes.push('CROSS_ORIGIN_REQUEST');
    codes.push('SERVICE_UNAVAILABLE');
  }
  // Authentication reads PostgreSQL: while it is unreachable, the lead endpoints say their source is
  // down and every other one that the service is unavailable.
  if (operation.access === 'api-key') {
    codes.push(
      'AUTH_REQUIRED',
      'INVALID_API_KEY',
      operation.path.startsWith('/api/v1/leads') ? 'LEADS_SOURCE_DOWN' : 'SERVICE_UNAVAILABLE',
    );
  }
  // Fastify parses a JSON body on these methods whether or not the operation takes one (a retired endpoint,
  // DELETE, a POST without a body), so unreadable or oversized JSON is refused before the handler runs.
  const parsesJson = !operation.upload && BODY_METHODS.includes(operation.method);
  if (parsesJson) codes.push('INVALID_JSON', 'PAYLOAD_TOO_LARGE');
  if (!operation.retired) codes.push('NOT_IMPLEMENTED');
  // An id segment that routes nowhere (e.g. an empty one) reaches the unknown-route answer.
  if (operation.params) codes.push('NOT_FOUND');
  return codes;
}

function parametersOf(operation: ApiOperation, collector: SchemaCollector): JsonObject[] {
  const parameters: JsonObject[] = [];
  // Where the engine answers 400 BAD_ID, every path id is checked as a uuid before anything is looked up;
  // elsewhere a malformed id is only an id that is not found, so no format is promised there.
  const refusesMalformedIds = operation.errors.includes('BAD_ID');
  const add = (location: 'path' | 'query', object: z.ZodObject | undefined) => {
    if (!object) return;
    // A fresh object with the same shape: parameters are listed one by one, never as a named component.
    const converted = collector.toSchema(z.object(object.shape), 'input');
    const properties = (converted.properties ?? {}) as Record<string, JsonObject>;
    const required = new Set((converted.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: location,
        required: location === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: location === 'path' && refusesMalformedIds ? { ...rest, format: 'uuid' } : rest,
      });
    }
  };
  add('path', operation.params);
  add('query', operation.query);
  if (operation.startsJobOrSpends) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return parameters;
}

function responsesOf(operation: ApiOperation, collector: SchemaCollector): JsonObject {
  const responses: JsonObject = {};
  const success = operation.success;
  const contentType = success.contentType ?? 'application/json';
  if (!operation.retired) {
    responses[String(success.status)] = {
      description: success.description,
      headers: successResponseHeaders(operation),
      ...(success.status === 204
        ? {}
        : {
            content: {
              [contentType]: {
                schema: success.schema ? collector.toSchema(success.schema, 'output') : { type: 'string' },
              },
            },
          }),
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  const answers: Array<[ErrorCode, number]> = [
    ...[...accessErrors(operation.access), ...operation.errors].map((code): [ErrorCode, number] => [
      code,
      operation.errorStatuses?.[code] ?? ERROR_HTTP_STATUS[code],
    ]),
    ...universalErrors(operation).map((code): [ErrorCode, number] => [code, ERROR_HTTP_STATUS[code]]),
  ];
  for (const [code, status] of answers) {
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    byStatus.set(status, codes);
  }
  const errorRef = collector.toSchema(errorBodySchema, 'output');
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const codes = byStatus.get(status)!;
    responses[String(status)] = {
      description: `Error: ${codes.join(', ')}`,
      headers: errorResponseHeaders(codes),
      content: {
        'application/json': {
          schema: { allOf: [errorRef, { type: 'object', properties: { code: { type: 'string', enum: codes } } }] },
        },
      },
    };
  }
  return responses;
}

/**
 * The engine reads an absent or JSON null body as {}: a body whose schema requires a key is required, any
 * other may be left out or be null.
 */
function requestBodyOf(operation: ApiOperation, collector: SchemaCollector): JsonObject | undefined {
  if (!operation.body) return undefined;
  const schema = collector.toSchema(operation.body, 'input', 'request-body');
  const contentType = operation.upload ? 'multipart/form-data' : 'application/json';
  const required = contentType === 'multipart/form-data' || collector.requiresKeys(schema);
  return {
    required,
    content: { [contentType]: { schema: required ? schema : { anyOf: [schema, { type: 'null' }] } } },
  };
}

/** The OpenAPI 3.1 document of the whole API, built from the contract schemas; deterministic so it can be committed and diffed. */
export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): JsonObject {
  const collector = new SchemaCollector();
  const paths: Record<string, JsonObject> = {};
  for (const operation of operations) {
    const requestBody = requestBodyOf(operation, collector);
    const parameters = parametersOf(operation, collector);
    const entry: JsonObject = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: [operation.tag],
      ...(operation.retired ? { deprecated: true } : {}),
      security: securityOf(operation.access),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(operation, collector),
    };
    paths[operation.path] = { ...(paths[operation.path] ?? {}), [operation.method]: entry };
  }
  const schemas: Record<string, JsonObject> = {};
  for (const name of Object.keys(collector.components).sort()) schemas[name] = collector.components[name];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lead Engine API',
      version: API_VERSION,
      // No contact: every self-hosted engine serves this document, and whoever runs it is the one to ask.
      license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
      description:
        'Self-hosted B2B lead engine: free counts and masked browsing, paid reveals and CSV exports, ICP scoring, CSV enrichment and website scraping, paid in credits. Every error body is {error, code, message?}. The request line counts toward the 16 KB header limit: a URI too long answers 431 HEADERS_TOO_LARGE, never 414; a body in a media type an operation does not take answers 400 VALIDATION_ERROR, never 415.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    ),
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key of the account whose credits are spent' },
        ConsoleSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'le_session',
          description: "The console's session cookie (__Host-le_session over HTTPS), set by signing in; never accepted by /api/v1",
        },
      },
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY },
      headers: HEADER_COMPONENTS,
      schemas,
    },
  };
}
