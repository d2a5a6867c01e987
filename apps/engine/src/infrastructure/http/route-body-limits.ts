import { ApiOperation, routeOf } from '@lead-engine/contracts';
import type { FastifyInstance } from 'fastify';

/** Raises the JSON body limit for the operations that take long lists; must run before routes are registered. */
export function installRouteBodyLimits(fastify: FastifyInstance, operations: readonly ApiOperation[]): void {
  const limits = new Map(
    operations.flatMap((operation) => (operation.bodyLimitBytes ? [[routeOf(operation), operation.bodyLimitBytes]] : [])),
  );
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const limit = limits.get(`${method} ${route.url}`);
      if (limit) route.bodyLimit = limit;
    }
  });
}
