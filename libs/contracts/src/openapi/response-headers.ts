import type { ApiOperation } from '../operations/api-operation';

type JsonObject = Record<string, unknown>;

/** The response headers the engine sets outside any one endpoint, as OpenAPI header components. */
export const HEADER_COMPONENTS: Record<string, JsonObject> = {
  'X-Request-Id': {
    description:
      "The request's id: the caller's own x-request-id when it is 1-128 letters, digits, '.', '_' or '-', else a new uuid; it names the request in the engine's log",
    required: true,
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Requests the client may burst (the bucket size)', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the bucket', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the bucket is full again', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before retrying (RATE_LIMITED)', schema: { type: 'integer' } },
  'Idempotent-Replayed': {
    description: 'Present, as "true", when this is the stored response of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Every response: set before routing, so unknown routes and errors carry them too. */
export function commonResponseHeaders(): JsonObject {
  return {
    'X-Request-Id': headerRef('X-Request-Id'),
    'RateLimit-Limit': headerRef('RateLimit-Limit'),
    'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
    'RateLimit-Reset': headerRef('RateLimit-Reset'),
  };
}

export function successResponseHeaders(operation: ApiOperation): JsonObject {
  const headers = commonResponseHeaders();
  if (operation.startsJobOrSpends) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
  for (const [name, header] of Object.entries(operation.success.headers ?? {})) {
    headers[name] = { description: header.description, required: true, schema: { type: header.type } };
  }
  return headers;
}

export function errorResponseHeaders(codes: readonly string[]): JsonObject {
  const headers = commonResponseHeaders();
  if (codes.includes('RATE_LIMITED')) headers['Retry-After'] = headerRef('Retry-After');
  return headers;
}
