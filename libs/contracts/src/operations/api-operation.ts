import type { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';

export interface ApiOperation {
  operationId: string;
  method: 'get' | 'post';
  /** Full path in OpenAPI form, e.g. `/api/v1/leads/exports/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** False only for /health, the OpenAPI document and the docs page. */
  authenticated: boolean;
  /** Spends credits or starts a job, so it honours Idempotency-Key. */
  startsJobOrSpends: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyContentType?: 'application/json' | 'multipart/form-data';
  success: {
    status: 200 | 202;
    description: string;
    schema?: z.ZodType;
    contentType?: 'application/json' | 'text/csv' | 'text/html';
    /** Response headers beyond the rate-limit ones. */
    headers?: Record<string, { description: string; type: 'integer' | 'string' }>;
  };
  /** The endpoint's own error codes; the universal ones are added when the document is built. */
  errors: ErrorCode[];
  retired?: boolean;
}
