import { toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { DomainError } from '@lead-engine/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Logger as PinoLogger } from 'pino';
import type { EngineConfig } from '../../config/engine-config.schema';
import { EngineOrigins } from '../../infrastructure/http/engine-origins';
import { toErrorResponse } from '../../infrastructure/http/error-response';
import type { RateLimiter } from '../../infrastructure/http/rate-limiter';
import type { AuthenticateApiKeyUseCase } from '../accounts/use-cases/authenticate-api-key.use-case';
import type { Principal } from '../identity/current-principal.decorator';
import type { McpServerFactory } from './mcp-server.factory';

export const MCP_PATH = '/mcp';

/** JSON-RPC's range for server-defined errors; the HTTP status (403, 503) is what clients act on. */
const UNAUTHORIZED_RPC_CODE = -32001;
const REFUSED_RPC_CODE = -32000;

/**
 * A refused key is answered 403, not 401: the MCP SDK clients (v1 and v2) that carry an OAuth provider,
 * as Claude, Cursor and mcp-remote do, start OAuth discovery and dynamic client registration on any 401
 * whatever its WWW-Authenticate says, and show that flow's failure instead of the server's words. This
 * server offers no OAuth, so it publishes no protected-resource metadata and sends no challenge.
 */
const REFUSED_KEY_STATUS = 403;
const KEY_REFUSALS = new Set<string>(['AUTH_REQUIRED', 'INVALID_API_KEY']);
const KEY_HINT = 'send a Lead Engine API key in X-API-Key or Authorization: Bearer (this server offers no OAuth)';

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The key from X-API-Key or, for clients that only send a bearer token, from Authorization: Bearer. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = firstHeader(request.headers['x-api-key']);
  if (header) return header;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(firstHeader(request.headers.authorization) ?? '');
  return match?.[1];
}

function rpcIdOf(body: unknown): string | number | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** A refusal before any tool runs: the HTTP status of the contract's code unless given, a JSON-RPC error carrying the error envelope. */
function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  error: DomainError,
  rpc: { code: number; status?: number; hint?: string },
): FastifyReply {
  const refused = toErrorResponse(error, MCP_PATH);
  const message = refused.body.message ?? refused.body.error;
  return reply
    .status(rpc.status ?? refused.status)
    .headers(refused.headers)
    .type('application/json; charset=utf-8')
    .send({
      jsonrpc: '2.0',
      id: rpcIdOf(request.body),
      error: { code: rpc.code, message: rpc.hint ? `${message}: ${rpc.hint}` : message, data: refused.body },
    });
}

/**
 * POST /mcp (Streamable HTTP, stateless: 2026-07-28 clients and 2025-era ones with their initialize
 * handshake) inside the engine's Fastify. The request pipeline has already taken one token of the rate
 * limit; a browser page that is not the engine's own or in MCP_ALLOWED_ORIGINS is refused (403, as the
 * transport requires, against DNS rebinding); the key is checked here so a refused one gets a JSON-RPC
 * error with 403 and never reaches a tool; a JSON-RPC batch (which 2025-03-26 clients may still send, up
 * to the SDK's 100 messages) takes one token per message, all or none.
 */
export function mountMcpEndpoint(
  fastify: FastifyInstance,
  deps: {
    factory: McpServerFactory;
    authenticate: AuthenticateApiKeyUseCase;
    rateLimiter: RateLimiter;
    config: EngineConfig;
    logger: PinoLogger;
  },
): void {
  const origins = new EngineOrigins(deps.config, () => fastify.server.address());
  const handler = createMcpHandler(
    ({ authInfo }) => deps.factory.create(authInfo!.extra!.principal as Principal, { origin: authInfo!.extra!.origin as string }),
    {
      onerror: (error) => deps.logger.debug({ err: error }, 'mcp request refused'),
    },
  );
  fastify.addHook('onClose', async () => handler.close());

  fastify.route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_PATH,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = firstHeader(request.headers.origin);
      if (origin !== undefined && !origins.allowsOrigin(origin)) {
        const message = `${origin.slice(0, 200)} may not call /mcp from a browser: only the engine's own origin, PUBLIC_URL or one in MCP_ALLOWED_ORIGINS may.`;
        return refuse(request, reply, new DomainError('CROSS_ORIGIN_REQUEST', message), { code: REFUSED_RPC_CODE });
      }
      let principal: Principal;
      try {
        principal = await deps.authenticate.execute(apiKeyOf(request));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (!KEY_REFUSALS.has(error.code)) return refuse(request, reply, error, { code: REFUSED_RPC_CODE });
        return refuse(request, reply, error, { code: UNAUTHORIZED_RPC_CODE, status: REFUSED_KEY_STATUS, hint: KEY_HINT });
      }
      request.principal = principal;
      if (Array.isArray(request.body) && request.body.length > 1) {
        const calls = request.body.length;
        const decision = await deps.rateLimiter.take(request.ip, calls - 1);
        reply.header('ratelimit-remaining', decision.remaining).header('ratelimit-reset', decision.resetSeconds);
        if (!decision.allowed) {
          const message = `A batch of ${calls} messages takes ${calls} requests of the rate limit (${deps.config.RATE_LIMIT_BURST} at most at once); retry after the Retry-After delay, or send fewer at a time.`;
          const error = new DomainError('RATE_LIMITED', message, { retryAfterSeconds: decision.retryAfterSeconds });
          return refuse(request, reply, error, { code: REFUSED_RPC_CODE });
        }
      }
      const authInfo: AuthInfo = {
        token: principal.apiKeyId,
        clientId: principal.accountId,
        scopes: [],
        extra: { principal, origin: origins.linkBase(request) },
      };
      const response = await handler.fetch(await toWebRequest(request.raw, request.body), { authInfo, parsedBody: request.body });
      reply.status(response.status);
      response.headers.forEach((value, name) => reply.header(name, value));
      return reply.send(response.body ? Readable.fromWeb(response.body as WebReadableStream) : null);
    },
  });
}
