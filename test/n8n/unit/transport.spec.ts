import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { retryDelayMs } from '../../../libs/n8n-nodes/nodes/LeadEngine/transport/retryDelay';
import { runLeadEngine } from '../support/lead-engine-nodes';
import { scriptedServer } from '../support/scripted-server';

const BALANCE = { balance: 7, total_earned: 7, total_spent: 0 };
const RATE_LIMITED = { error: 'Rate limit exceeded', code: 'RATE_LIMITED' };

/** Answers 503 RATE_LIMITED (with Retry-After unless null) a number of times, then the balance. */
const rateLimitedServer = (rejections: number, retryAfter: string | null) =>
  scriptedServer((_request, call) =>
    call <= rejections
      ? { status: 503, body: RATE_LIMITED, headers: retryAfter === null ? {} : { 'retry-after': retryAfter } }
      : { status: 200, body: BALANCE },
  );

describe('n8n Lead Engine node: transport', () => {
  it('waits as long as Retry-After says, then retries a rate-limited call', async () => {
    const server = await rateLimitedServer(1, '1');
    try {
      const started = Date.now();
      const { output } = await runLeadEngine({
        credentials: { baseUrl: server.baseUrl, apiKey: 'k' },
        parameters: { resource: 'credits', operation: 'get' },
      });
      expect(output[0].json).toEqual(BALANCE);
      expect(server.calls()).toBe(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    } finally {
      await server.close();
    }
  });

  it('gives up after five retries with the engine error', async () => {
    const server = await rateLimitedServer(100, '0');
    try {
      const error = await runLeadEngine({
        credentials: { baseUrl: `${server.baseUrl}/`, apiKey: 'k' },
        parameters: { resource: 'credits', operation: 'get' },
      }).catch((caught) => caught);
      expect(error).toBeInstanceOf(NodeApiError);
      expect(error.message).toBe('RATE_LIMITED: Rate limit exceeded');
      expect(error.httpCode).toBe('503');
      expect(server.calls()).toBe(6);
    } finally {
      await server.close();
    }
  });

  it('backs off exponentially without Retry-After, honours an HTTP date, and never waits over a minute', () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelayMs(undefined, attempt))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs('3', 0)).toBe(3000);
    expect(retryDelayMs(['2'], 4)).toBe(2000);
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(retryDelayMs('Mon, 23 Nov 2026 10:00:05 GMT', 0, now)).toBe(5000);
    expect(retryDelayMs('3600', 0)).toBe(60_000);
    expect(retryDelayMs(undefined, 10)).toBe(60_000);
  });

  it('Wait for Completion gives up at the timeout with an error naming the job, which goes on in the engine', async () => {
    const jobId = '11111111-1111-4111-8111-111111111111';
    const server = await scriptedServer((request) =>
      request.method === 'POST'
        ? { status: 202, body: { job_id: jobId, status: 'queued', requested_limit: 1, capped_to_max: null } }
        : { status: 200, body: { id: jobId, status: 'running' } },
    );
    try {
      const error = await runLeadEngine({
        credentials: { baseUrl: server.baseUrl, apiKey: 'k' },
        parameters: { resource: 'export', operation: 'start', rows: 1, filters: {}, options: { waitForCompletion: true, timeout: 1 } },
      }).catch((caught) => caught);
      expect(error).toBeInstanceOf(NodeOperationError);
      expect(error.message).toBe(`Export ${jobId} is still running after 1 s`);
      expect(server.calls()).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
    }
  });

  it('Wait for Completion turns a failed job into an error with its reason', async () => {
    const jobId = '22222222-2222-4222-8222-222222222222';
    const server = await scriptedServer((request) =>
      request.method === 'POST'
        ? { status: 202, body: { id: jobId, status: 'queued', total: 1, credits_charged: 1 } }
        : { status: 200, body: { id: jobId, status: 'failed', error: 'proxy refused every request' } },
    );
    try {
      const { output } = await runLeadEngine({
        credentials: { baseUrl: server.baseUrl, apiKey: 'k' },
        parameters: { resource: 'scrape', operation: 'start', source: 'list', domains: 'acme.test', options: { waitForCompletion: true } },
        continueOnFail: true,
      });
      expect(output).toEqual([
        { json: { error: `Scrape job ${jobId} failed`, description: 'proxy refused every request' }, pairedItem: { item: 0 } },
      ]);
    } finally {
      await server.close();
    }
  });
});
