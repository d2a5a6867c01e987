import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names lower-cased; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** The request line's target exactly as sent: `/api/v1/credits`, `http://host/api/v1/credits`, `*`. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

function decodeChunked(body: string): string {
  let decoded = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return decoded;
    decoded += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/**
 * One HTTP/1.1 exchange over a plain socket, for request lines fetch cannot write (absolute-form, `*`):
 * Host is the engine's unless given, the connection closed after the answer.
 */
export function rawHttp(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port, host } = new URL(baseUrl);
  const headers: Record<string, string> = { host, connection: 'close', ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  const head = [`${request.method} ${request.target} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const headEnd = answer.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      if (!status || headEnd < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(answer.slice(0, 200))}`));
      const answerHeaders: Record<string, string> = {};
      for (const line of answer.slice(0, headEnd).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        answerHeaders[name] = name in answerHeaders ? `${answerHeaders[name]}, ${value}` : value;
      }
      const body = answer.slice(headEnd + 4);
      resolve({ status, headers: answerHeaders, body: answerHeaders['transfer-encoding'] === 'chunked' ? decodeChunked(body) : body });
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n${request.body ?? ''}`);
  });
}
