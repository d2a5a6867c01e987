import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ConsoleSessionPrincipal } from './session-authentication';

/** The signed-in user the request was admitted as, before its input was read (consoleCallerCheck, by the operation's access). */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): ConsoleSessionPrincipal => {
  const session = context.switchToHttp().getRequest<FastifyRequest>().consoleSession;
  if (!session) throw new Error('console route reached without a session');
  return session;
});

export const sessionClientOf = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: (Array.isArray(request.headers['user-agent']) ? request.headers['user-agent'][0] : request.headers['user-agent']) ?? null,
});
