import { ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './engine-under-test';

/** A Redis server of the test's own (Debian's redis-server, nothing kept on disk), to stop and start again on the same port. */
export class OwnRedis {
  private server: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again), empty, and waits until it accepts connections. */
  async restart(): Promise<void> {
    this.server = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 20_000;
    while (!(await accepts(this.port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${this.port} within 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kills it outright, as a crash would. */
  async kill(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
