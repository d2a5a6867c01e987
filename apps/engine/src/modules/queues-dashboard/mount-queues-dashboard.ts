import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import type { ControllerHandlerReturnType } from '@bull-board/api/typings/app';
import { FastifyAdapter } from '@bull-board/fastify';
import { DomainError } from '@lead-engine/core';
import type { Queue } from 'bull';
import type { FastifyInstance } from 'fastify';
import { domainErrorResponse } from '../../infrastructure/http/error-response';
import type { SessionAuthentication } from '../identity/session-authentication';
import { queuesDashboardAccess } from './queues-dashboard-access';

export const QUEUES_DASHBOARD_PREFIX = '/console/queues';

/**
 * Bull Board's page sets styles inline and links IBM Plex from Google Fonts; everything else is its
 * own scripts, images and API calls. Framing stays refused, as everywhere in the engine.
 */
const QUEUES_DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Bull Board answers errors thrown in its routes' context, hooks included, in its own shape: the
 * engine's refusals (sign-in, operator, cross-origin, rate limit) keep the engine's error envelope.
 */
class EngineBoardAdapter extends FastifyAdapter {
  override setErrorHandler(handler: (error: Error) => ControllerHandlerReturnType): this {
    return super.setErrorHandler((error) => {
      if (!(error instanceof DomainError)) return handler(error);
      const { status, body } = domainErrorResponse(error);
      // Its type lists the statuses Bull Board answers itself; the adapter sends any (401, 429).
      return { status: status as ControllerHandlerReturnType['status'], body };
    });
  }
}

/**
 * Bull Board for every queue of the engine, at /console/queues/, in a scope of its own: an operator's
 * session for its page, API and assets, and a CSP of its own (the rest of the engine keeps its strict
 * one). Not read-only: an operator retries or removes a failed job there.
 */
export async function mountQueuesDashboard(
  fastify: FastifyInstance,
  deps: { queues: readonly Queue[]; sessions: SessionAuthentication },
): Promise<void> {
  const board = new EngineBoardAdapter();
  createBullBoard({
    queues: deps.queues.map((queue) => new BullAdapter(queue, { readOnlyMode: false, allowRetries: true })),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Lead Engine queues', miscLinks: [{ text: 'Back to the console', url: '/app/' }] } },
  });
  board.setBasePath(QUEUES_DASHBOARD_PREFIX);

  await fastify.register(
    async (scope) => {
      // Replaces the API's `default-src 'none'`, which the engine's request pipeline set first.
      scope.addHook('onRequest', async (_request, reply) => {
        reply.header('content-security-policy', QUEUES_DASHBOARD_CSP);
      });
      scope.addHook('onRequest', queuesDashboardAccess(deps.sessions));
      await scope.register(board.registerPlugin());
    },
    { prefix: QUEUES_DASHBOARD_PREFIX },
  );
}
