import { createServer } from 'node:http';

// The floor the engine is compared with: Node's own HTTP server answering the same JSON.
const body = JSON.stringify({ balance: 300, total_earned: 300, total_spent: 0 });
createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
