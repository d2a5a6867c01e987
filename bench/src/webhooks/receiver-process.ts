import { createServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback webhook receivers in a process of their own, so that answering does not wait on the bench's
 * producer: one server, a path per endpoint, 200 at once, except the dead path, which never answers.
 * Each event's first arrival is kept with its time since the epoch (comparable across processes).
 */
export interface ReceiverArrival {
  seq: number;
  endpoint: number;
  at: number;
}

export type ReceiverRequest = { deadPath: string } | { count: true } | { report: true };
export type ReceiverReply = { url: string } | { count: number } | { arrivals: ReceiverArrival[] };

const now = () => performance.timeOrigin + performance.now();
const reply = (message: ReceiverReply) => process.send!(message);

const arrivals: ReceiverArrival[] = [];
const seen = new Set<string>();
const hanging = new Set<ServerResponse>();
let deadPath = '';

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.url === deadPath) {
      hanging.add(response);
      return;
    }
    const at = now();
    const id = String(request.headers['webhook-id']);
    if (!seen.has(id)) {
      seen.add(id);
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { seq: number; endpoint: number } };
      arrivals.push({ seq: data.seq, endpoint: data.endpoint, at });
    }
    response.writeHead(200).end();
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (message: ReceiverRequest) => {
  if ('deadPath' in message) {
    deadPath = message.deadPath;
    server.listen(0, '127.0.0.1', () => reply({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  } else if ('count' in message) {
    reply({ count: arrivals.length });
  } else {
    reply({ arrivals });
  }
});
process.on('disconnect', () => process.exit(0));
