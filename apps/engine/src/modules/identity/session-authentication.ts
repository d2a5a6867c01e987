import type { ConsoleRole } from '@lead-engine/contracts';
import type { FastifyRequest } from 'fastify';

/** The signed-in user a console request is made by, through a live session. */
export interface ConsoleSessionPrincipal {
  sessionId: string;
  lastSeenAt: Date;
  userId: string;
  accountId: string | null;
  role: ConsoleRole | null;
  operator: boolean;
}

/** Finds the live session a console request carries, or throws 401 SESSION_REQUIRED; the users module provides it. */
export abstract class SessionAuthentication {
  abstract authenticate(request: FastifyRequest): Promise<ConsoleSessionPrincipal>;
}
