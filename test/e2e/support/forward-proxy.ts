import http from 'node:http';
import { AddressInfo, connect, Socket } from 'node:net';

/**
 * A loopback HTTP forward proxy that records what it is asked: absolute-form requests are relayed to
 * the loopback port they name, and CONNECT is tunnelled to loopback for the authorities `tunnel`
 * accepts and refused with 403 for the others.
 * It resolves nothing: every target is 127.0.0.1, the address of the test's sites.
 */
export class ForwardProxy {
  readonly requests: string[] = [];
  private server: http.Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly tunnel: (authority: string) => boolean) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = http.createServer((request, response) => {
      this.requests.push(`${request.method} ${request.url}`);
      const target = new URL(request.url ?? '');
      const upstream = http.request(
        { host: '127.0.0.1', port: Number(target.port || 80), path: `${target.pathname}${target.search}`, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    });
    server.on('connect', (request: http.IncomingMessage, client: Socket) => {
      this.requests.push(`CONNECT ${request.url}`);
      this.sockets.add(client);
      if (!this.tunnel(request.url ?? '')) {
        client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      const port = Number((request.url ?? '').split(':').pop());
      const upstream = connect(port, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(client).pipe(upstream);
      });
      this.sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
