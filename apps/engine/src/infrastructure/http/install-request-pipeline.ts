import { API_OPERATIONS } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import { redactUrl } from '../logging/redact-url';
import type { EngineMetrics } from '../metrics/engine-metrics';
import type { RateLimiter } from './rate-limiter';
import { hasRefusedTarget, routeKeyOf } from './request-target';
import { securityHeaders } from './security-headers';

/** Who an API key belongs to (the accounts module answers; it also types the request's principal). */
export interface ApiKeyAuthentication {
  execute(apiKey: string | undefined): Promise<NonNullable<FastifyRequest['principal']>>;
}

/** The /api/v1 operations anyone may call (the OpenAPI document). */
const PUBLIC_API_PATHS = new Set(
  API_OPERATIONS.filter((operation) => operation.access === 'none' && operation.path.startsWith('/api/v1/')).map(
    (operation) => operation.path,
  ),
);
/** Probes and documentation answer whatever the traffic (contract §2): an orchestrator's probe is never refused. */
const OFF_RATE_LIMIT_PATHS = new Set(['/health', '/ready', '/metrics', '/api/v1/openapi.json', '/docs']);

/** Every route under /api/v1/ but the public ones needs a key: decided by the route reached (routeKeyOf), never the URL as spelled. */
function needsApiKey(route: string): boolean {
  return (route === '/api/v1' || route.startsWith('/api/v1/')) && !PUBLIC_API_PATHS.has(route);
}

function isRateLimited(route: string): boolean {
  // The app's fingerprinted files are static and cached for good; one page load fetches several.
  return !OFF_RATE_LIMIT_PATHS.has(route) && !route.startsWith('/docs/') && !route.startsWith('/app/assets/');
}

/**
 * What every request goes through before routing, in this order: a request id and the security
 * headers, the shared rate limit (headers on every response), then authentication for every route
 * under /api/v1/ — so a request without a valid key learns nothing else, not even whether its route
 * exists. Each decides by the route the request reached (its target made origin-form by
 * rewriteRequestTarget), or, for a request no route takes, by its path.
 */
export function installRequestPipeline(
  fastify: FastifyInstance,
  deps: { rateLimiter: RateLimiter; authenticate: ApiKeyAuthentication; logger: PinoLogger; metrics: EngineMetrics },
): void {
  fastify.decorateRequest('principal', null);

  // By the route's pattern, never the URL (whose ids would make a series per request); unrouted requests count as one.
  if (deps.metrics.enabled) {
    const { httpDuration } = deps.metrics;
    fastify.addHook('onResponse', async (request, reply) => {
      httpDuration.observe(
        { route: request.routeOptions.url ?? 'unrouted', method: request.method, status: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });
  }

  // One line per finished request, written here rather than through a per-request child logger,
  // so a level above info costs nothing on the hot path.
  if (deps.logger.isLevelEnabled('info')) {
    fastify.addHook('onResponse', async (request, reply) => {
      deps.logger.info(
        {
          reqId: request.id,
          req: { method: request.method, url: redactUrl(request.url), ip: request.ip },
          res: { statusCode: reply.statusCode },
          accountId: request.principal?.accountId,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
    });
  }

  fastify.addHook('onRequest', async (request, reply) => {
    const route = routeKeyOf(request);
    reply.header('x-request-id', request.id);
    reply.headers(securityHeaders(route));
    if (!isRateLimited(route)) return;
    const decision = await deps.rateLimiter.take(request.ip);
    reply.header('ratelimit-limit', decision.limit);
    reply.header('ratelimit-remaining', decision.remaining);
    reply.header('ratelimit-reset', decision.resetSeconds);
    if (!decision.allowed) {
      deps.metrics.rateLimited.inc();
      throw new DomainError('RATE_LIMITED', 'Too many requests from this address; retry after the Retry-After delay.', {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
    if (hasRefusedTarget(request)) {
      throw new DomainError('VALIDATION_ERROR', 'The request target must be a path (/api/v1/...) or an absolute http(s) URL.');
    }
    if (needsApiKey(route)) {
      const header = request.headers['x-api-key'];
      request.principal = await deps.authenticate.execute(Array.isArray(header) ? header[0] : header);
    }
  });
}
