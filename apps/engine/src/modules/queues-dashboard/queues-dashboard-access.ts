import { DomainError } from '@lead-engine/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSameOriginRequest } from '../../infrastructure/http/console-request-checks';
import { accessRefusal } from '../identity/access-refusal';
import type { SessionAuthentication } from '../identity/session-authentication';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The app's sign-in page, which comes back to the dashboard page first asked for (the app knows it as an engine page). */
const signInPageFor = (request: FastifyRequest) => `/app/sign-in?redirect=${encodeURIComponent(request.url)}`;

const isPageNavigation = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

/**
 * Who may reach the queues dashboard (its page, its API, its assets): an operator's live session,
 * and for a change, a request from the engine's own pages (the console API's CSRF check). A signed-out
 * browser opening the page is sent to sign in; anything else is refused in the error envelope.
 */
export function queuesDashboardAccess(sessions: SessionAuthentication) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    if (!SAFE_METHODS.has(request.method) && !isSameOriginRequest(request)) {
      throw new DomainError('CROSS_ORIGIN_REQUEST', 'Queue changes must come from the dashboard itself (Sec-Fetch-Site or Origin).');
    }
    const caller = await sessions.authenticate(request).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'SESSION_REQUIRED' && isPageNavigation(request)) return null;
      throw error;
    });
    if (!caller) return reply.header('cache-control', 'no-store').redirect(signInPageFor(request), 303);
    const refusal = accessRefusal('operator', caller);
    if (refusal) throw new DomainError('FORBIDDEN', refusal);
  };
}
