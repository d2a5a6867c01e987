import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

// scheme "://" authority, then the rest (path and query) of an absolute-form target (RFC 9112 §3.2.2).
const ABSOLUTE_FORM = /^https?:\/\/([^/?#\s]+)(.*)$/is;

/** Raw requests whose target was neither origin-form nor absolute-form http(s): answered 400 before anything else. */
const refusedTargets = new WeakSet<IncomingMessage>();

/**
 * What a refused target is routed as: a path no route takes, so that no route ever sees it and its 400
 * is answered by the not-found context (whose errors, like every route's registered by Nest, get the envelope).
 */
const REFUSED_TARGET_PATH = '/.refused-request-target';

/**
 * Fastify's `rewriteUrl`: every request is routed, checked and logged by its origin-form target. An
 * absolute-form target (`GET http://host/api/v1/credits`, what a client sends to a proxy) keeps only its
 * path and query, and its authority replaces Host, as RFC 9112 asks of a server; anything else
 * (`*`, another scheme) is marked to be refused by the request pipeline.
 */
export function rewriteRequestTarget(request: IncomingMessage): string {
  const target = request.url ?? '';
  if (target.startsWith('/')) return target;
  const absolute = ABSOLUTE_FORM.exec(target);
  if (absolute) {
    request.headers.host = absolute[1];
    const rest = absolute[2];
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  refusedTargets.add(request);
  return REFUSED_TARGET_PATH;
}

/** Whether the request's target was one the engine does not serve (see rewriteRequestTarget). */
export const hasRefusedTarget = (request: FastifyRequest): boolean => refusedTargets.has(request.raw);

function decodedPathOf(url: string): string {
  const path = url.split('?', 1)[0];
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * What a request's checks decide by: the pattern of the route it reached (`/api/v1/leads/:id`), so that
 * however the target was spelled (`/%61pi/v1/...` reaches `/api/v1/...`), a route is checked as itself;
 * for a request no route takes, its (normalized, decoded) path.
 */
export function routeKeyOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPathOf(request.url);
}
