import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ConsoleSessionPrincipal, SessionAuthentication } from '../identity/session-authentication';
import { sessionTokenOf } from './console-session-cookie';
import { AuthenticateSessionUseCase } from './use-cases/authenticate-session.use-case';

/** The session guard's port: the live session the request's cookie names. */
@Injectable()
export class CookieSessionAuthentication extends SessionAuthentication {
  constructor(private readonly authenticateSession: AuthenticateSessionUseCase) {
    super();
  }

  authenticate(request: FastifyRequest): Promise<ConsoleSessionPrincipal> {
    return this.authenticateSession.execute(sessionTokenOf(request));
  }
}
