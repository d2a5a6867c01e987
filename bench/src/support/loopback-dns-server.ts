import { createSocket, RemoteInfo, Socket } from 'node:dgram';
import { isIP } from 'node:net';

const TYPE_A = 1;
const TYPE_AAAA = 28;
const NXDOMAIN = 3;

/**
 * A tiny authoritative DNS server on loopback UDP for tests and benchmarks: answers A and AAAA
 * queries from a table (`*.suffix` entries match any name below the suffix), NXDOMAIN for names it
 * does not know, and counts the queries it was asked. Point the engine at it with SCRAPE_DNS_SERVERS.
 */
export class LoopbackDnsServer {
  private socket: Socket | null = null;
  private readonly records = new Map<string, string[]>();
  readonly queries: string[] = [];
  port = 0;

  set(name: string, addresses: string[]): this {
    this.records.set(name.toLowerCase(), addresses);
    return this;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const socket = createSocket('udp4');
    socket.on('message', (message, remote) => this.answer(socket, message, remote));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    this.port = socket.address().port;
    this.socket = socket;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
    this.socket = null;
  }

  private lookup(name: string): string[] | undefined {
    const exact = this.records.get(name);
    if (exact) return exact;
    for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
      const wildcard = this.records.get(`*${name.slice(dot)}`);
      if (wildcard) return wildcard;
    }
    return undefined;
  }

  private answer(socket: Socket, query: Buffer, remote: RemoteInfo): void {
    if (query.length < 12) return;
    const labels: string[] = [];
    let offset = 12;
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset];
      labels.push(query.toString('latin1', offset + 1, offset + 1 + length));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    if (questionEnd > query.length) return;
    const type = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    this.queries.push(name);
    const known = this.lookup(name);
    const family = type === TYPE_A ? 4 : type === TYPE_AAAA ? 6 : 0;
    const addresses = (known ?? []).filter((address) => isIP(address) === family);

    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8000 | 0x0400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (known ? 0 : NXDOMAIN), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const answers = addresses.map((address) => {
      const data = family === 4 ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0);
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4);
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...answers]), remote.port, remote.address);
  }
}

function ipv6Bytes(address: string): Buffer {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === null ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}
