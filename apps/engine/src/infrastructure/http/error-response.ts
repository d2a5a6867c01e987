import { HttpException } from '@nestjs/common';
import { ERROR_DEFAULT_TEXT, ERROR_HTTP_STATUS, ErrorCode } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { isDatabaseUnreachable } from '../database/is-database-unreachable';

export interface ErrorResponse {
  status: number;
  body: { error: string; code: ErrorCode; message?: string } & Record<string, unknown>;
  headers: Record<string, string>;
  unexpected: boolean;
  databaseUnreachable?: boolean;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'VALIDATION_ERROR',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_ERR_CTP_INVALID_TYPE: 'VALIDATION_ERROR',
  FST_ERR_CTP_EMPTY_TYPE: 'VALIDATION_ERROR',
  FST_ERR_BAD_URL: 'VALIDATION_ERROR',
  // Every path parameter of the API is an id; the router's limit is raised above the header limit, so this is a safety net.
  FST_ERR_MAX_PARAM_LENGTH: 'BAD_ID',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
};

const HTTP_STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'AUTH_REQUIRED',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  411: 'VALIDATION_ERROR',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'VALIDATION_ERROR',
};

export function domainErrorResponse(error: DomainError): ErrorResponse {
  const headers: Record<string, string> = {};
  const extra = { ...error.extra };
  if (typeof extra.retryAfterSeconds === 'number') {
    headers['retry-after'] = String(extra.retryAfterSeconds);
    delete extra.retryAfterSeconds;
  }
  // A code answered at another status on one operation (sign-in's throttle: RATE_LIMITED 429), as documented there.
  const status = typeof extra.httpStatus === 'number' ? extra.httpStatus : ERROR_HTTP_STATUS[error.code];
  delete extra.httpStatus;
  return {
    status,
    body: {
      error: ERROR_DEFAULT_TEXT[error.code],
      code: error.code,
      ...(error.detail ? { message: error.detail } : {}),
      ...extra,
    },
    headers,
    unexpected: false,
  };
}

/** How long a client is asked to wait before trying again while PostgreSQL is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL holds the contacts, the keys and the ledger: while it is away, the lead endpoints say their
 * source is down and every other endpoint that the service is unavailable (contract §2); the request's
 * transaction did not commit, so nothing was created or charged.
 */
function databaseUnreachable(requestPath: string): DomainError {
  const extra = { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  if (requestPath.startsWith('/api/v1/leads')) {
    return new DomainError('LEADS_SOURCE_DOWN', 'The contact database (PostgreSQL) is unreachable; retry shortly.', extra);
  }
  return new DomainError('SERVICE_UNAVAILABLE', 'PostgreSQL is unreachable; nothing was created or charged. Retry shortly.', extra);
}

/** The one place where anything thrown while serving a request becomes the contract's error envelope. */
export function toErrorResponse(error: unknown, requestPath = ''): ErrorResponse {
  if (error instanceof DomainError) return domainErrorResponse(error);
  if (isDatabaseUnreachable(error)) return { ...domainErrorResponse(databaseUnreachable(requestPath)), databaseUnreachable: true };

  const fastifyCode = (error as { code?: unknown })?.code;
  if (typeof fastifyCode === 'string' && FASTIFY_CODES[fastifyCode]) {
    return domainErrorResponse(new DomainError(FASTIFY_CODES[fastifyCode], (error as Error).message));
  }
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return domainErrorResponse(new DomainError('INVALID_JSON', error.message));
  }
  if (error instanceof HttpException) {
    const code = HTTP_STATUS_CODES[error.getStatus()];
    if (code) return domainErrorResponse(new DomainError(code, code === 'NOT_FOUND' ? 'No such route' : error.message));
  }
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && HTTP_STATUS_CODES[statusCode]) {
    return domainErrorResponse(new DomainError(HTTP_STATUS_CODES[statusCode], (error as Error).message));
  }
  // Any other refusal of the request by the framework (a 4xx Fastify error) is still one of the contract's codes.
  if (typeof fastifyCode === 'string' && fastifyCode.startsWith('FST_') && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return domainErrorResponse(new DomainError('VALIDATION_ERROR', (error as Error).message));
  }
  return { ...domainErrorResponse(new DomainError('INTERNAL_ERROR')), unexpected: true };
}
