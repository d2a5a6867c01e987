import { DomainError } from '@lead-engine/core';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { domainErrorResponse, toErrorResponse } from './error-response';
import { securityHeaders } from './security-headers';

function domainErrorOf(error: NodeJS.ErrnoException): DomainError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new DomainError('HEADERS_TOO_LARGE', `The request's headers are larger than ${maxHeaderSize / 1024} KB.`);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new DomainError('REQUEST_TIMEOUT', 'The request did not arrive whole in time.');
    default:
      return new DomainError('VALIDATION_ERROR', 'The request is not valid HTTP.');
  }
}

/**
 * What Node's HTTP parser refuses before there is a request to route (headers over its limit, a
 * request that did not arrive in time, malformed HTTP), answered in the contract's error envelope
 * (Fastify's `clientErrorHandler`); the connection is then closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = domainErrorResponse(domainErrorOf(error));
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/**
 * What Fastify's router refuses before a route runs (a path that does not decode, a parameter over
 * the router's limit), answered in the contract's error envelope (Fastify's `frameworkErrors`)
 * instead of Fastify's own body and code.
 */
export function answerFrameworkError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body, headers } = toErrorResponse(error, request.url.split('?', 1)[0]);
  void reply
    .status(status)
    .headers({ ...securityHeaders(request.url.split('?', 1)[0]), ...headers, 'x-request-id': request.id })
    .type('application/json; charset=utf-8')
    .send(body);
}
