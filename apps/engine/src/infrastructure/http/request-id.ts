import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A caller's id is kept only when it is a plain token that cannot forge or break a log line. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The request's id: the caller's x-request-id when it is a plain token, else a new uuid. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && CALLER_REQUEST_ID.test(sent) ? sent : randomUUID();
}
