import { DomainError } from '@lead-engine/core';
import type { FastifyInstance } from 'fastify';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toErrorResponse } from '../../infrastructure/http/error-response';
import { METRICS_PATH, MetricsEndpoint } from './metrics-endpoint';

/** GET /metrics on the API's server: outside /api/v1 (no API key) and off the rate limit (see install-request-pipeline). */
export function mountMetricsRoute(fastify: FastifyInstance, endpoint: MetricsEndpoint): void {
  fastify.get(METRICS_PATH, async (request, reply) => {
    endpoint.authorize(request.headers.authorization);
    const body = await endpoint.render();
    return reply.type(endpoint.contentType).header('cache-control', 'no-store').send(body);
  });
}

/** A worker serves no API; on METRICS_PORT it answers GET /metrics alone, with the same token rule and error envelope. */
export async function serveWorkerMetrics(endpoint: MetricsEndpoint, port: number, host: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const answer = async () => {
      try {
        if (request.url?.split('?', 1)[0] !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
          throw new DomainError('NOT_FOUND', 'This port serves GET /metrics only.');
        }
        endpoint.authorize(request.headers.authorization);
        send(200, endpoint.contentType, await endpoint.render());
      } catch (error) {
        const { status, body, headers } = toErrorResponse(error, METRICS_PATH);
        send(status, 'application/json; charset=utf-8', JSON.stringify(body), headers);
      }
    };
    const send = (status: number, contentType: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store', ...headers });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    void answer();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${bound}`, server };
}
