import { DomainError } from '@lead-engine/core';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyLimits } from './api-key-limits';

/** The account and key an /api/v1 or /mcp request is made with. */
export interface Principal {
  accountId: string;
  apiKeyId: string;
  /** The key's budgets as read with it (null: none); paid use-cases enforce them. */
  limits: ApiKeyLimits | null;
}

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
