import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { EngineConfig } from '../../config/engine-config.schema';

/**
 * The server's deadlines (HTTP_* settings): a request must arrive whole within its timeout (Node answers
 * 408 and closes), a connection idle either way or kept alive unused is closed. Node checks the request
 * and header deadlines every `connectionsCheckingInterval`, 30 s by default: once a second here, so a
 * slow client is cut about when its deadline passes.
 */
export function slowClientServerOptions(
  config: EngineConfig,
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http'> {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout: Math.min(config.HTTP_HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: 1000,
    },
  };
}

/**
 * A response sent before its request's body was read whole (a 401 before the upload, a refused
 * upload) closes the connection: Node would otherwise go on reading and dropping whatever body the
 * client still sends, at whatever pace it likes, before the connection could serve another request.
 */
export function installCloseOnUnreadBody(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
