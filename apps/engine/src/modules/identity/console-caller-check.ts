import { needsSession, OperationAccess } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import type { FastifyRequest } from 'fastify';
import { accessRefusal } from './access-refusal';
import type { ConsoleSessionPrincipal, SessionAuthentication } from './session-authentication';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession?: ConsoleSessionPrincipal;
  }
}

/**
 * Admits a console request to an operation of this access: its live session (401 SESSION_REQUIRED),
 * then its user (403 FORBIDDEN); the session is kept for CurrentSession.
 */
export function consoleCallerCheck(sessions: SessionAuthentication): (request: FastifyRequest, access: OperationAccess) => Promise<void> {
  return async (request, access) => {
    if (!needsSession(access)) return;
    const caller = await sessions.authenticate(request);
    const refusal = accessRefusal(access, caller);
    if (refusal) throw new DomainError('FORBIDDEN', refusal);
    request.consoleSession = caller;
  };
}
