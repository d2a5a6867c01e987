import { createServer } from 'node:net';
import { Client } from 'pg';
import { warnUnlessUnreachable } from './warn-unless-unreachable';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

function recordingLogger() {
  const lines: Array<{ level: 'warn' | 'debug'; message: string }> = [];
  return {
    lines,
    warn: (_fields: object, message: string) => lines.push({ level: 'warn', message }),
    debug: (_fields: object, message: string) => lines.push({ level: 'debug', message }),
  };
}

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => {
      throw new Error('expected the work to fail');
    },
    (error: unknown) => error,
  );
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('warnUnlessUnreachable, with errors from a real PostgreSQL', () => {
  const clients: Client[] = [];
  const connect = async () => {
    const client = new Client({ connectionString: `${POSTGRES_URL}/postgres` });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  };
  afterAll(() => Promise.all(clients.map((client) => client.end().catch(() => undefined))));

  it('logs at debug when PostgreSQL refuses the connection', async () => {
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` });
    const error = await failureOf(() => client.connect());
    const logger = recordingLogger();
    warnUnlessUnreachable(logger, error, 'work not done');
    expect(logger.lines).toEqual([{ level: 'debug', message: 'work not done' }]);
  });

  it('logs at debug when the connection is cut under a query', async () => {
    const [victim, admin] = [await connect(), await connect()];
    const { rows } = await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const cut = failureOf(() => victim.query('SELECT pg_sleep(30)'));
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    const logger = recordingLogger();
    warnUnlessUnreachable(logger, await cut, 'work not done');
    expect(logger.lines).toEqual([{ level: 'debug', message: 'work not done' }]);
  });

  it('warns when PostgreSQL answered and the query failed', async () => {
    const client = await connect();
    const error = await failureOf(() => client.query('SELECT * FROM no_such_table'));
    const logger = recordingLogger();
    warnUnlessUnreachable(logger, error, 'work not done');
    expect(logger.lines).toEqual([{ level: 'warn', message: 'work not done' }]);
  });
});
