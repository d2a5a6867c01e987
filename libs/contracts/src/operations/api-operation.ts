import type { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import type { OperationAccess } from './operation-access';

/** The methods OpenAPI can describe. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Methods whose request body the engine parses (Fastify reads no body on GET, HEAD and TRACE). */
export const BODY_METHODS: readonly HttpMethod[] = ['put', 'post', 'delete', 'options', 'patch'];

export interface OperationUpload {
  fileField: string;
  maxFileBytes: number;
  /** Which of the engine's streaming readers reads the file as it arrives. */
  reader: 'enrichment-csv' | 'contacts-csv';
}

export interface ApiOperation {
  operationId: string;
  method: HttpMethod;
  /** Full path in OpenAPI form, e.g. `/api/v1/leads/exports/{id}`. */
  path: string;
  summary: string;
  /** What it does, what it costs, its limits and what to call next: the OpenAPI operation's description. */
  description: string;
  tag: string;
  /** Who may call it; the engine's guards, the OpenAPI security and the refusals it lists all follow from this. */
  access: OperationAccess;
  /** Spends credits or starts a job, so it honours Idempotency-Key. */
  startsJobOrSpends: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A JSON body larger than the engine's default limit is accepted, up to this many bytes (routes that take long lists). */
  bodyLimitBytes?: number;
  /** A multipart/form-data route (every other takes JSON): the form field carrying the file, its largest size, the engine's reader for it. */
  upload?: OperationUpload;
  success: {
    /** 204 answers no body. */
    status: 200 | 201 | 202 | 204;
    description: string;
    schema?: z.ZodType;
    contentType?: 'application/json' | 'text/csv' | 'text/html';
    /** Response headers beyond the rate-limit ones. */
    headers?: Record<string, { description: string; type: 'integer' | 'string' }>;
  };
  /** The endpoint's own error codes; the universal ones are added when the document is built. */
  errors: readonly ErrorCode[];
  /** Codes this operation answers at another status than ERROR_HTTP_STATUS's (sign-in's throttle: RATE_LIMITED 429). */
  errorStatuses?: Partial<Record<ErrorCode, number>>;
  retired?: boolean;
}

/** The route Fastify knows the operation by: `POST /api/v1/scrape/jobs/:id`. */
export const routeOf = (operation: Pick<ApiOperation, 'method' | 'path'>): string =>
  `${operation.method.toUpperCase()} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;
