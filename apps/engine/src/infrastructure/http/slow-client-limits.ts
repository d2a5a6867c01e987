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

/** How long a connection whose body was refused keeps reading (and dropping) what the client still sends. */
export const UNREAD_BODY_LINGER_MS = 2000;

/**
 * A response sent before its request's body was read whole (a 401 before the upload, a refused
 * upload) ends the connection once it is written: the engine sends FIN and no longer waits for the
 * client's next request. It goes on reading and dropping what the client still sends for at most
 * UNREAD_BODY_LINGER_MS, then cuts the connection. Closing at once made the kernel answer the
 * client's further bytes with a reset, and a reset can discard the response the client had not read
 * yet: a client sending a 9 MB line saw its connection reset instead of its 413.
 */
export function installCloseOnUnreadBody(fastify: FastifyInstance, lingerMs = UNREAD_BODY_LINGER_MS): void {
  fastify.addHook('onSend', async (request, reply) => {
    if (request.raw.complete) return;
    const socket = request.raw.socket;
    reply.raw.once('finish', () => {
      if (request.raw.complete || socket.destroyed) return;
      socket.end();
      const cut = setTimeout(() => socket.destroy(), lingerMs);
      cut.unref();
      socket.once('close', () => clearTimeout(cut));
    });
  });
}
