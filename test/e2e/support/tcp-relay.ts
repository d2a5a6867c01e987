import { createConnection, createServer, Server, Socket } from 'node:net';
import { POSTGRES_URL } from './test-environment';

/**
 * A loopback TCP relay in front of a real server. `cut()` drops every open connection and stops
 * listening (new connections are refused, as when PostgreSQL is down); `restore()` listens again.
 */
export class TcpRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<this> {
    const server = createServer((client) => {
      const upstream = createConnection(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  restore(): Promise<this> {
    return this.open();
  }
}

/** A relay in front of the tests' PostgreSQL, and the environment's database URL through it. */
export async function relayPostgres(databaseUrl: string): Promise<{ relay: TcpRelay; url: string }> {
  const postgres = new URL(POSTGRES_URL);
  const relay = await new TcpRelay(postgres.hostname, Number(postgres.port || 5432)).open();
  const relayed = new URL(databaseUrl);
  relayed.port = String(relay.port);
  return { relay, url: relayed.toString() };
}
