import { DomainError } from '@lead-engine/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUploadRoute, UploadRoutes } from './multipart-upload';
import { routeKeyOf } from './request-target';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const firstHeader = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A same-origin app's CSRF defence (OWASP): `Sec-Fetch-Site` is same-origin or none; without it, `Origin`
 * names the host the request was sent to (behind TRUST_PROXY, the forwarded host, which Fastify's
 * request.host reads). A request with neither header is refused: browsers send them, scripts must send Origin.
 */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  const site = firstHeader(request, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = firstHeader(request, 'origin');
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host.toLowerCase() === request.host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Every unsafe request under /console/api/ (by the route reached, routeKeyOf, never the URL as spelled)
 * is same-origin and, when it has a body, JSON; the upload routes (multipart-upload.ts) take
 * multipart/form-data instead, and only that.
 */
export function installConsoleRequestChecks(fastify: FastifyInstance, uploads: UploadRoutes): void {
  fastify.addHook('onRequest', async (request) => {
    if (!routeKeyOf(request).startsWith('/console/api/') || SAFE_METHODS.has(request.method)) return;
    if (!isSameOriginRequest(request)) {
      throw new DomainError('CROSS_ORIGIN_REQUEST', 'Console requests must come from the console itself (Sec-Fetch-Site or Origin).');
    }
    const type = firstHeader(request, 'content-type');
    const upload = isUploadRoute(uploads, request.method, request.routeOptions.url);
    const expected = upload ? 'multipart/form-data' : 'application/json';
    if (type !== undefined && type.split(';', 1)[0].trim().toLowerCase() !== expected) {
      const message = upload
        ? 'This console endpoint takes an upload (Content-Type: multipart/form-data).'
        : 'Console request bodies are JSON (Content-Type: application/json).';
      throw new DomainError('VALIDATION_ERROR', message, {
        details: [{ path: 'content-type', message: `Expected ${expected}, got ${type.slice(0, 100)}` }],
      });
    }
  });
}
