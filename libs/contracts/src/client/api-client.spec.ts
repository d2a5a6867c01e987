import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { ApiOperation } from '../operations/api-operation';
import { CONSOLE_OPERATIONS } from '../operations/console-operations';
import { ApiCallError } from './api-call-error';
import { createApiClient } from './api-client';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const base = { summary: 'test', tag: 'Test', access: 'api-key', startsJobOrSpends: false, errors: [] } as const;
const OPERATIONS = [
  {
    ...base,
    operationId: 'getThing',
    method: 'get',
    path: '/things/{id}',
    params: z.strictObject({ id: z.string() }),
    query: z.strictObject({ kind: z.array(z.string()).optional(), limit: z.number().optional() }),
    success: { status: 200, description: 'the thing', schema: z.strictObject({ id: z.string(), count: z.number() }) },
  },
  {
    ...base,
    operationId: 'makeThing',
    method: 'post',
    path: '/things',
    body: z.strictObject({ name: z.string() }),
    success: { status: 201, description: 'made', schema: z.strictObject({ id: z.string(), count: z.number() }) },
  },
  {
    ...base,
    operationId: 'dropThing',
    method: 'delete',
    path: '/things/{id}',
    params: z.strictObject({ id: z.string() }),
    success: { status: 204, description: 'gone' },
  },
  {
    ...base,
    operationId: 'thingCsv',
    method: 'get',
    path: '/things.csv',
    success: { status: 200, description: 'csv', schema: z.string(), contentType: 'text/csv' },
  },
  {
    ...base,
    operationId: 'uploadThing',
    method: 'post',
    path: '/things/upload',
    upload: { fileField: 'file', maxFileBytes: 1024, reader: 'enrichment-csv' },
    success: { status: 202, description: 'read', schema: z.strictObject({ rows: z.number() }) },
  },
] as const satisfies readonly ApiOperation[];

describe('the typed API client', () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: Seen[] = [];
  let answer: (request: Seen) => { status: number; headers?: Record<string, string>; body?: string } = () => ({ status: 500 });

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const got = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        };
        seen.push(got);
        const { status, headers, body } = answer(got);
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
  });

  it("builds the path and query from the operation, repeating a list's parameter and leaving out absent values", async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ id: 'a/b', count: 2 }) });
    const { call } = createApiClient(OPERATIONS, { baseUrl, headers: { 'x-api-key': 'le_test' } });
    const thing = await call('getThing', { params: { id: 'a/b' }, query: { kind: ['x', 'y z'], limit: undefined } });
    expect(thing).toEqual({ id: 'a/b', count: 2 });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/things/a%2Fb?kind=x&kind=y+z', body: '' });
    expect(seen[0].headers['x-api-key']).toBe('le_test');
    expect(seen[0].headers['content-type']).toBeUndefined();
  });

  it('sends a body as JSON, answers nothing for 204 and the text of a CSV', async () => {
    const { call } = createApiClient(OPERATIONS, { baseUrl });
    answer = () => ({ status: 201, body: JSON.stringify({ id: 'n', count: 0 }) });
    expect(await call('makeThing', { body: { name: 'Zoë' } })).toEqual({ id: 'n', count: 0 });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/things', body: '{"name":"Zoë"}' });
    expect(seen[0].headers['content-type']).toBe('application/json');
    answer = () => ({ status: 204 });
    expect(await call('dropThing', { params: { id: 'n' } })).toBeUndefined();
    expect(seen[1]).toMatchObject({ method: 'DELETE', url: '/things/n', body: '' });
    answer = () => ({ status: 200, headers: { 'content-type': 'text/csv' }, body: 'id\r\nn\r\n' });
    expect(await call('thingCsv')).toBe('id\r\nn\r\n');
  });

  it('posts an upload as the multipart form it is given', async () => {
    answer = () => ({ status: 202, body: JSON.stringify({ rows: 1 }) });
    const form = new FormData();
    form.append('fields', 'email');
    form.append('file', new Blob(['email\na@b.io\n'], { type: 'text/csv' }), 'rows.csv');
    const { call } = createApiClient(OPERATIONS, { baseUrl });
    expect(await call('uploadThing', { form })).toEqual({ rows: 1 });
    expect(seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('filename="rows.csv"');
  });

  it('decodes the error envelope once: status, code, message, Retry-After and the other members', async () => {
    answer = () => ({
      status: 429,
      headers: { 'retry-after': '2.5' },
      body: JSON.stringify({ error: 'Too many', code: 'RATE_LIMITED', message: 'Slow down', rows: [2, 5] }),
    });
    const { call } = createApiClient(OPERATIONS, { baseUrl });
    const failure = await call('makeThing', { body: { name: 'x' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect(failure).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Slow down',
      retryAfterSeconds: 3,
      details: { rows: [2, 5] },
    });
    answer = () => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' });
    await expect(call('makeThing', { body: { name: 'x' } })).rejects.toMatchObject({ status: 502, code: 'UNEXPECTED_RESPONSE' });
  });

  it('says NETWORK_ERROR when the engine cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { call } = createApiClient(OPERATIONS, { baseUrl: `http://127.0.0.1:${port}` });
    await expect(call('thingCsv')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it("checks answers against the operation's schema when asked, and only then", async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ id: 'a', count: 'two' }) });
    expect(await createApiClient(OPERATIONS, { baseUrl }).call('getThing', { params: { id: 'a' } })).toEqual({ id: 'a', count: 'two' });
    const strict = createApiClient(OPERATIONS, { baseUrl, validateResponses: true });
    await expect(strict.call('getThing', { params: { id: 'a' } })).rejects.toMatchObject({ status: 200, code: 'UNEXPECTED_RESPONSE' });
  });

  it('refuses a missing path parameter before sending anything, and gives the URL of a download', async () => {
    const { call, url } = createApiClient(OPERATIONS, { baseUrl: '' });
    await expect(call('dropThing', { params: { id: '' } })).rejects.toThrow('dropThing needs the path parameter id');
    expect(seen).toEqual([]);
    const consoleClient = createApiClient(CONSOLE_OPERATIONS, { baseUrl: '' });
    expect(consoleClient.url('consoleDownloadExport', { params: { id: 'e 1' } })).toBe('/console/api/exports/e%201/csv');
    expect(consoleClient.url('consoleDownloadUsage', { query: { kind: ['reveal', 'export'], from: '2026-11-01' } })).toBe(
      '/console/api/usage/csv?kind=reveal&kind=export&from=2026-11-01',
    );
    expect(url('thingCsv')).toBe('/things.csv');
  });
});
