import type { FastifyInstance } from 'fastify';

// 50,000 scrape inputs (contract limit) of up to ~150 characters each, from the API or pasted in the app.
const SCRAPE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
const ROUTE_BODY_LIMITS: Record<string, number> = {
  'POST /api/v1/scrape/jobs': SCRAPE_BODY_LIMIT_BYTES,
  'POST /console/api/scrapes/quote': SCRAPE_BODY_LIMIT_BYTES,
  'POST /console/api/scrapes': SCRAPE_BODY_LIMIT_BYTES,
};

/** Raises the JSON body limit for the routes that take long lists; must run before routes are registered. */
export function installRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const limit = ROUTE_BODY_LIMITS[`${method} ${route.url}`];
      if (limit) route.bodyLimit = limit;
    }
  });
}
