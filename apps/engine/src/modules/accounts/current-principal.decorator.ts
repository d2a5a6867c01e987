import { DomainError } from '@lead-engine/core';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './use-cases/authenticate-api-key.use-case';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * The account and key authenticated by the request pipeline before any handler runs: it authenticates
 * every route whose pattern is under /api/v1/ (needsApiKey), where every controller using this lives. A
 * route outside it has no principal and is refused as a request without a key would be, never served.
 */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  if (!request.principal) throw new DomainError('AUTH_REQUIRED');
  return request.principal;
});
