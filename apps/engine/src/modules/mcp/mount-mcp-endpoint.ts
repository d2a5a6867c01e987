import { toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { DomainError } from '@lead-engine/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Logger as PinoLogger } from 'pino';
import { toErrorResponse } from '../../infrastructure/http/error-response';
import type { AuthenticateApiKeyUseCase, Principal } from '../accounts/use-cases/authenticate-api-key.use-case';
import type { McpServerFactory } from './mcp-server.factory';

export const MCP_PATH = '/mcp';

/** JSON-RPC's range for server-defined errors; the HTTP status (401) is what clients act on. */
const UNAUTHORIZED_RPC_CODE = -32001;

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

/**
 * POST /mcp (Streamable HTTP, stateless: 2026-07-28 clients and 2025-era ones with their initialize
 * handshake) inside the engine's Fastify. The request pipeline has already applied the rate limit; the
 * key is checked here so a refused one gets a JSON-RPC error with 401 and never reaches a tool.
 */
export function mountMcpEndpoint(
  fastify: FastifyInstance,
  deps: { factory: McpServerFactory; authenticate: AuthenticateApiKeyUseCase; logger: PinoLogger },
): void {
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
      let principal: Principal;
      try {
        principal = await deps.authenticate.execute(apiKeyOf(request));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const refused = toErrorResponse(error, MCP_PATH);
        return reply
          .status(refused.status)
          .header('www-authenticate', 'Bearer realm="Lead Engine"')
          .type('application/json; charset=utf-8')
          .send({
            jsonrpc: '2.0',
            id: rpcIdOf(request.body),
            error: { code: UNAUTHORIZED_RPC_CODE, message: refused.body.message ?? refused.body.error, data: refused.body },
          });
      }
      request.principal = principal;
      const authInfo: AuthInfo = {
        token: principal.apiKeyId,
        clientId: principal.accountId,
        scopes: [],
        extra: { principal, origin: `${request.protocol}://${request.host}` },
      };
      const response = await handler.fetch(await toWebRequest(request.raw, request.body), { authInfo, parsedBody: request.body });
      reply.status(response.status);
      response.headers.forEach((value, name) => reply.header(name, value));
      return reply.send(response.body ? Readable.fromWeb(response.body as WebReadableStream) : null);
    },
  });
}
