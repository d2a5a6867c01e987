import http from 'node:http';
import { Socket } from 'node:net';

/**
 * A loopback forward proxy that is the whole web for a scrape: it refuses CONNECT (so the engine falls
 * back to http), has no robots.txt, and serves the given page for each known host; any other host has
 * nothing at its address (502). Used as SCRAPE_PROXY_URL, so no name is resolved.
 */
export async function startSiteProxy(pages: Record<string, string>) {
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://invalid');
    const page = pages[target.hostname.replace(/^www\./, '')];
    if (page === undefined) return void response.writeHead(502).end();
    if (target.pathname === '/robots.txt') return void response.writeHead(404, { 'content-type': 'text/plain' }).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (_request, client: Socket) => client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export const htmlPage = (title: string, text: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
