import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ConsoleSessionPrincipal, SessionAuthentication } from './session-authentication';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession?: ConsoleSessionPrincipal;
  }
}

/** Console routes that need a signed-in user: the session cookie, never an API key. */
@Injectable()
export class ConsoleSessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionAuthentication) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // An upload route's session was checked before its file was read (see consoleSessionCheck).
    request.consoleSession ??= await this.sessions.authenticate(request);
    return true;
  }
}

/** The guard's check for a hook that runs before the handler: an upload route's, so that nobody signed out gets a file read. */
export function consoleSessionCheck(sessions: SessionAuthentication): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    request.consoleSession = await sessions.authenticate(request);
  };
}

export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): ConsoleSessionPrincipal => {
  const session = context.switchToHttp().getRequest<FastifyRequest>().consoleSession;
  if (!session) throw new Error('console route reached without a session');
  return session;
});

export const sessionClientOf = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: (Array.isArray(request.headers['user-agent']) ? request.headers['user-agent'][0] : request.headers['user-agent']) ?? null,
});
