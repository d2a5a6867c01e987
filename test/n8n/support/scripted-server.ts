import { createServer, IncomingMessage } from 'node:http';

export interface ScriptedAnswer {
  status: number;
  /** JSON, or a string sent as it is (set its content-type in headers). */
  body: unknown;
  headers?: Record<string, string>;
}

/** A loopback HTTP server answering each request from a script: for cases a real engine cannot be made to show on demand. */
export async function scriptedServer(answer: (request: IncomingMessage, call: number) => ScriptedAnswer) {
  let calls = 0;
  const server = createServer((request, response) => {
    calls++;
    const { status, body, headers = {} } = answer(request, calls);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
