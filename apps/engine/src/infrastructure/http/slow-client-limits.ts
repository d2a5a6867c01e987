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
/** A refused body declared at most this large is read whole (and dropped) before the connection ends. */
export const DRAINED_BODY_MAX_BYTES = 64 * 1024 * 1024;
/** How long reading such a body may take before the connection is cut all the same. */
export const DRAINED_BODY_MAX_MS = 30_000;

/**
 * A response sent before its request's body was read whole (a 401 before the upload, a refused
 * upload) ends the connection once it is written: the engine sends FIN and no longer waits for the
 * client's next request. A body whose declared Content-Length is at most DRAINED_BODY_MAX_BYTES is first
 * read and dropped to its end (for at most DRAINED_BODY_MAX_MS), as nginx's lingering close does: a
 * client that writes its whole body before reading the answer (Node's http client without
 * `Expect: 100-continue`) would otherwise have its writes answered by a reset (EPIPE) and never see its
 * 413. A larger or unsized body is read and dropped for at most UNREAD_BODY_LINGER_MS, then the
 * connection is cut: closing at once made the kernel answer the client's further bytes with a reset,
 * which can discard the response the client had not read yet.
 */
export function installCloseOnUnreadBody(fastify: FastifyInstance, lingerMs = UNREAD_BODY_LINGER_MS): void {
  fastify.addHook('onSend', async (request, reply) => {
    if (request.raw.complete) return;
    const socket = request.raw.socket;
    const declared = Number(request.headers['content-length']);
    const drain = request.headers['content-length'] !== undefined && declared <= DRAINED_BODY_MAX_BYTES;
    reply.raw.once('finish', () => {
      if (request.raw.complete || socket.destroyed) return;
      const cut = setTimeout(() => socket.destroy(), drain ? DRAINED_BODY_MAX_MS : lingerMs);
      cut.unref();
      socket.once('close', () => clearTimeout(cut));
      if (!drain) return void socket.end();
      request.raw.on('data', () => undefined).resume();
      request.raw.once('end', () => {
        clearTimeout(cut);
        socket.end();
        setTimeout(() => socket.destroy(), lingerMs).unref();
      });
    });
  });
}
