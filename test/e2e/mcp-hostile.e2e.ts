import { request as httpRequest } from 'node:http';
import { useHarness } from './support/harness';
import { FIXTURE_COMPANIES, FIXTURE_CONTACTS } from './support/lead-fixture';
import { seedLeads } from './support/seed-leads';
import { until } from './support/until';

interface RpcAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** One POST /mcp through node:http, which sends the Host and Origin headers it is given; an SSE answer is read as its message(s). */
function rpc(url: string, body: unknown, headers: Record<string, string> = {}): Promise<RpcAnswer> {
  const { hostname, port } = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        path: '/mcp',
        method: 'POST',
        agent: false,
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const events = [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]));
          const parsed = events.length > 0 ? (events.length === 1 ? events[0] : events) : text ? JSON.parse(text) : null;
          resolve({ status: response.statusCode!, headers: response.headers, body: parsed });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const listTools = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const callTool = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('/mcp: hostile callers', () => {
  const harness = useHarness({
    label: 'mcp_hostile',
    env: { MCP_ALLOWED_ORIGINS: 'https://agent.example.com, http://localhost:5173' },
    prepare: (harness) => seedLeads(harness.environment, FIXTURE_COMPANIES, FIXTURE_CONTACTS),
  });
  let engine: typeof harness.engine;
  let apiKey: string;

  beforeAll(async () => {
    engine = harness.engine;
    ({ apiKey } = await harness.createAccount('Hostile agent', 100));
  });

  it("refuses a browser page that is neither the engine's own nor allowed with 403 CROSS_ORIGIN_REQUEST, before the key is looked at", async () => {
    const { port } = new URL(engine.url);
    for (const origin of [
      'https://evil.example',
      `http://evil.example:${port}`,
      'null',
      'not an origin',
      'https://agent.example.com.evil.example',
      `https://127.0.0.1:${port}`,
    ]) {
      for (const headers of [{ 'x-api-key': apiKey }, {}]) {
        const answer = await rpc(engine.url, listTools(3), { origin, ...headers });
        expect({ origin, status: answer.status }).toEqual({ origin, status: 403 });
        expect(answer.body).toMatchObject({
          jsonrpc: '2.0',
          id: 3,
          error: { code: -32000, message: expect.stringContaining('MCP_ALLOWED_ORIGINS'), data: { code: 'CROSS_ORIGIN_REQUEST' } },
        });
      }
    }
    // A page on a rebound DNS name: its Origin names the Host it sent, which is not one the engine serves.
    const rebound = await rpc(engine.url, listTools(4), {
      host: `evil.example:${port}`,
      origin: `http://evil.example:${port}`,
      'x-api-key': apiKey,
    });
    expect(rebound.status).toBe(403);
  });

  it("serves no Origin (server-side clients), the engine's own origins and MCP_ALLOWED_ORIGINS", async () => {
    const { port } = new URL(engine.url);
    for (const origin of [undefined, engine.url, `http://localhost:${port}`, 'https://agent.example.com', 'http://localhost:5173']) {
      const answer = await rpc(engine.url, listTools(5), { 'x-api-key': apiKey, ...(origin ? { origin } : {}) });
      expect({ origin, status: answer.status }).toEqual({ origin, status: 200 });
      expect(answer.body.result.tools.length).toBeGreaterThan(5);
    }
  });

  it("links get_export's download to the engine's own address (its URL, 127.0.0.1 here), never to a Host header it does not serve", async () => {
    const started = await rpc(engine.url, callTool(1, 'start_export', { country: ['US'], limit: 2 }), { 'x-api-key': apiKey });
    const jobId = started.body.result.structuredContent.job_id;
    const linkWith = async (host: string) =>
      until(`the export, asked with Host ${host}`, async () => {
        const polled = await rpc(engine.url, callTool(2, 'get_export', { id: jobId }), { 'x-api-key': apiKey, host });
        const job = polled.body.result.structuredContent;
        return job.status === 'completed' ? (job.download_url as string) : undefined;
      });
    const { port } = new URL(engine.url);
    for (const spoofed of ['evil.example', `evil.example:${port}`, 'attacker.test:443']) {
      const link = new URL(await linkWith(spoofed));
      expect(link.origin).toBe(new URL(engine.url).origin);
      expect(link.pathname).toBe(`/downloads/exports/${jobId}`);
    }
    expect(new URL(await linkWith(`127.0.0.1:${port}`)).origin).toBe(`http://127.0.0.1:${port}`);
    expect(new URL(await linkWith(`LOCALHOST:${port}`)).origin).toBe(`http://localhost:${port}`);
    expect((await fetch(await linkWith(`127.0.0.1:${port}`))).status).toBe(200);
  });

  describe('a JSON-RPC batch', () => {
    /** The same engine with a bucket of 12 that refills one token a second, in a bucket of its own. */
    let limited: typeof harness.engine;

    beforeAll(async () => {
      limited = await harness.startEngine({
        RATE_LIMIT_BURST: '12',
        RATE_LIMIT_RPS: '1',
        REDIS_KEY_PREFIX: `${harness.environment.env.REDIS_KEY_PREFIX}:batch`,
      });
    });

    it('takes one rate-limit token per message, and is refused whole with 503 RATE_LIMITED when they are not there', async () => {
      const tooMany = await rpc(
        limited.url,
        Array.from({ length: 20 }, (_, index) => callTool(index + 1, 'get_credits', {})),
        { 'x-api-key': apiKey },
      );
      expect(tooMany.status).toBe(503);
      const sentAt = Date.now();
      // The refused batch took only its request's token.
      const left = Number(tooMany.headers['ratelimit-remaining']);
      expect(left).toBeGreaterThanOrEqual(11);
      expect(Number(tooMany.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(tooMany.body).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringContaining('20 messages'), data: { code: 'RATE_LIMITED' } },
      });

      // Six calls still fit, and take six tokens (less what the bucket refilled meanwhile, one a second).
      const six = await rpc(
        limited.url,
        Array.from({ length: 6 }, (_, index) => callTool(index + 1, 'get_credits', {})),
        { 'x-api-key': apiKey },
      );
      expect(six.status).toBe(200);
      const answers = [six.body].flat();
      expect(answers).toHaveLength(6);
      for (const answer of answers) expect(answer.result.structuredContent).toMatchObject({ balance: expect.any(Number) });
      const refilled = Math.ceil((Date.now() - sentAt) / 1000);
      expect(Number(six.headers['ratelimit-remaining'])).toBeLessThanOrEqual(left - 6 + refilled);
      expect((await rpc(limited.url, listTools(9), { 'x-api-key': apiKey })).status).toBe(200);
    });
  });
});
