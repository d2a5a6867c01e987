import { ApiOperation, needsSession, OperationAccess, routeOf } from '@lead-engine/contracts';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';

/** Admits a request to an operation of this access, or throws the refusal (the identity module's consoleCallerCheck). */
export type CallerCheck = (request: FastifyRequest, access: OperationAccess) => Promise<void>;

/**
 * Checks the caller of every console route as its operation's access says, in a preValidation hook
 * ahead of the route's others, so an upload's file is read only for a caller admitted. (An /api/v1
 * route's key is checked earlier, in the request pipeline.) Must run before routes are registered.
 */
export function installOperationAccess(fastify: FastifyInstance, operations: readonly ApiOperation[], check: CallerCheck): void {
  const accessByRoute = new Map(
    operations.flatMap((operation) => (needsSession(operation.access) ? [[routeOf(operation), operation.access]] : [])),
  );
  // Fastify answers HEAD with the GET route's handler: its caller is the GET's.
  const accessOf = (method: string, url: string) =>
    accessByRoute.get(`${method} ${url}`) ?? (method === 'HEAD' ? accessByRoute.get(`GET ${url}`) : undefined);
  fastify.addHook('onRoute', (route) => {
    const access = [route.method]
      .flat()
      .map((method) => accessOf(method, route.url))
      .find(Boolean);
    if (!access) return;
    const admit: preValidationHookHandler = async (request) => check(request, access);
    route.preValidation = [admit, ...[route.preValidation ?? []].flat()];
  });
}
