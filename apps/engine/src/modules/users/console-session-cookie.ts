import type {} from '@fastify/cookie';
import { CONSOLE_SECURE_SESSION_COOKIE, CONSOLE_SESSION_COOKIE } from '@lead-engine/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from './session-starter';

// `__Host-` binds the cookie to this host over HTTPS (Secure, Path=/, no Domain); plain HTTP cannot have it.
const cookieNameOf = (request: FastifyRequest) => (request.protocol === 'https' ? CONSOLE_SECURE_SESSION_COOKIE : CONSOLE_SESSION_COOKIE);

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies?.[cookieNameOf(request)];
  return token || undefined;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieNameOf(request), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieNameOf(request), { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' });
}
