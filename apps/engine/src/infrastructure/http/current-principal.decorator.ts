import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../modules/accounts/use-cases/authenticate-api-key.use-case';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The account and key authenticated by the request pipeline before any handler runs. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  if (!request.principal) throw new Error('route reached without authentication');
  return request.principal;
});
