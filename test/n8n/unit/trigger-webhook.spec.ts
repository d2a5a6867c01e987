import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { IDataObject, INode, INodeExecutionData, INodeTypes, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError, Workflow } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';
import {
  webhookCreateRequestSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
} from '../../../libs/contracts/src/webhooks/webhooks.schemas';
import { LeadEngineTrigger } from '../support/lead-engine-nodes';
import { HarnessOptions, nodeHarness } from '../support/node-harness';

const API_KEY = 'le_test_key';

interface Endpoint extends IDataObject {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  creditsLowThreshold: number | null;
  secret: string;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A loopback server standing in for the engine's webhook API (POST/GET/DELETE /api/v1/webhooks), checking
 * requests and shaping answers with the contract schemas, and delivering events the way the engine signs them
 * (Standard Webhooks, through the library the engine uses).
 */
async function fakeEngine() {
  const endpoints = new Map<string, Endpoint>();
  /** Other GET answers, by path under /api/v1 (job listings, the balance). */
  const reads = new Map<string, unknown>();
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const send = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const view = ({ secret: _secret, ...endpoint }: Endpoint) => ({
    ...endpoint,
    enabled: true,
    disabledReason: null,
    secretRotatedAt: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  });

  const server = createServer(async (request, response) => {
    const raw = (await readBody(request)).toString('utf8');
    const body = raw ? JSON.parse(raw) : undefined;
    const path = request.url ?? '';
    requests.push({ method: request.method ?? '', path, body });
    if (request.headers['x-api-key'] !== API_KEY) return send(response, 401, { error: 'Unauthorized', code: 'INVALID_API_KEY' });
    if (request.method === 'POST' && path === '/api/v1/webhooks') {
      const parsed = webhookCreateRequestSchema.safeParse(body);
      if (!parsed.success) return send(response, 400, { error: 'Bad Request', code: 'VALIDATION_ERROR', message: parsed.error.message });
      const endpoint: Endpoint = {
        id: randomUUID(),
        url: parsed.data.url,
        events: parsed.data.events,
        description: parsed.data.description ?? null,
        creditsLowThreshold: parsed.data.events.includes('credits.low') ? (parsed.data.creditsLowThreshold ?? 100) : null,
        secret: `whsec_${randomBytes(24).toString('base64')}`,
      };
      endpoints.set(endpoint.id, endpoint);
      return send(response, 201, webhookEndpointCreatedSchema.parse({ ...view(endpoint), secret: endpoint.secret }));
    }
    if (request.method === 'GET' && path === '/api/v1/webhooks') {
      return send(response, 200, webhookEndpointListSchema.parse({ webhooks: [...endpoints.values()].map(view) }));
    }
    if (request.method === 'GET' && reads.has(path.replace('/api/v1', ''))) {
      return send(response, 200, reads.get(path.replace('/api/v1', '')));
    }
    const id = /^\/api\/v1\/webhooks\/([^/]+)$/.exec(path)?.[1];
    if (request.method === 'DELETE' && id) {
      if (!endpoints.delete(id))
        return send(response, 404, { error: 'Not Found', code: 'NOT_FOUND', message: `No webhook endpoint ${id}` });
      return send(response, 204);
    }
    return send(response, 404, { error: 'Not Found', code: 'NOT_FOUND' });
  });
  const baseUrl = await listen(server);

  return {
    credentials: { baseUrl, apiKey: API_KEY },
    endpoints,
    reads,
    requests,
    /** Signs and POSTs an event to an endpoint as the engine does; returns the receiver's status and answer. */
    async deliver(endpointId: string, event: { type: string; data: IDataObject }, sentAt = new Date()) {
      const endpoint = endpoints.get(endpointId)!;
      const body = JSON.stringify({ type: event.type, timestamp: sentAt.toISOString(), data: event.data });
      const messageId = randomUUID();
      const headers = {
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': new Webhook(endpoint.secret).sign(messageId, sentAt, body),
      };
      return post(endpoint.url, body, headers);
    },
    close: () => close(server),
  };
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body?: IDataObject }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as IDataObject | undefined };
}

/**
 * Stands in for n8n's webhook server: its body parser (readRawBody keeps the bytes in rawBody), the node's
 * webhook(), then n8n's answer (packages/cli/src/webhooks/webhook-helpers.ts): none when the node wrote one,
 * webhookResponse (or "Webhook call received") when it started nothing, else the workflow starts.
 */
async function n8nWebhookServer(context: (request: IncomingMessage, response: ServerResponse) => IWebhookFunctions) {
  const emitted: INodeExecutionData[][] = [];
  const server = createServer(async (request, response) => {
    request.readRawBody = async () => {
      if (!request.rawBody) request.rawBody = await readBody(request);
    };
    try {
      const result = await new LeadEngineTrigger().webhook.call(context(request, response));
      if (result.noWebhookResponse) return;
      response.writeHead(200, { 'content-type': 'application/json' });
      if (result.workflowData === undefined) {
        response.end(JSON.stringify(result.webhookResponse ?? { message: 'Webhook call received' }));
        return;
      }
      emitted.push(result.workflowData[0]);
      response.end(JSON.stringify({ message: 'Workflow was started' }));
    } catch (error) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: (error as Error).message }));
    }
  });
  const baseUrl = await listen(server);
  return { url: `${baseUrl}/webhook/${randomUUID()}/lead-engine`, emitted, close: () => close(server) };
}

/** One webhook-mode trigger node: its static data, its webhook URL served by the n8n stand-in, its hooks. */
async function webhookTrigger(engine: Awaited<ReturnType<typeof fakeEngine>>, parameters: HarnessOptions['parameters']) {
  const staticData: IDataObject = {};
  const options: HarnessOptions = {
    credentials: engine.credentials,
    parameters: { mode: 'webhook', ...parameters },
    staticData,
    workflowName: 'Enrich new exports',
  };
  const receiver = await n8nWebhookServer((request, response) => nodeHarness(options).webhook(request, response));
  options.webhookUrl = receiver.url;
  const methods = new LeadEngineTrigger().webhookMethods.default;
  const hook = () => nodeHarness(options).hook;
  return {
    staticData,
    options,
    receiver,
    checkExists: () => methods.checkExists.call(hook()),
    create: () => methods.create.call(hook()),
    delete: () => methods.delete.call(hook()),
    close: () => receiver.close(),
  };
}

const EXPORT_DONE = { id: 'a1b2c3d4-0000-4000-8000-000000000001', status: 'completed', deliveredRows: 3, downloadable: true };

describe('n8n Lead Engine Trigger: webhook mode', () => {
  let engine: Awaited<ReturnType<typeof fakeEngine>>;
  let trigger: Awaited<ReturnType<typeof webhookTrigger>>;

  beforeEach(async () => {
    engine = await fakeEngine();
    trigger = await webhookTrigger(engine, { events: ['exportCompleted', 'enrichmentFailed'] });
  });
  afterEach(async () => {
    await trigger.close();
    await engine.close();
  });

  describe('the engine endpoint', () => {
    it('create registers this node’s URL for the chosen events, naming the workflow, and keeps the id and secret', async () => {
      expect(await trigger.create()).toBe(true);

      const [created] = engine.requests;
      expect(created).toMatchObject({ method: 'POST', path: '/api/v1/webhooks' });
      expect(created.body).toEqual({
        url: trigger.receiver.url,
        events: ['export.completed', 'enrichment.failed'],
        description: 'n8n workflow "Enrich new exports", node "Lead Engine"',
      });
      const [endpoint] = engine.endpoints.values();
      expect(trigger.staticData).toEqual({ webhookId: endpoint.id, webhookSecret: endpoint.secret });
      expect(trigger.staticData.webhookSecret).toMatch(/^whsec_/);
    });

    it('create sends the Credits Low threshold only with Credits Low', async () => {
      const credits = await webhookTrigger(engine, { events: ['creditsLow', 'scrapeCompleted'], creditsLowThreshold: 250 });
      try {
        await credits.create();
        expect(engine.requests.at(-1)!.body).toMatchObject({ events: ['credits.low', 'scrape.completed'], creditsLowThreshold: 250 });
      } finally {
        await credits.close();
      }
    });

    it('checkExists finds the endpoint by its stored id and this URL, and nothing otherwise', async () => {
      expect(await trigger.checkExists()).toBe(false);
      expect(engine.requests).toHaveLength(0);

      await trigger.create();
      expect(await trigger.checkExists()).toBe(true);

      // The same workflow tested in the editor: n8n asks with the test URL while production's id is stored.
      const productionUrl = trigger.options.webhookUrl;
      trigger.options.webhookUrl = `${productionUrl}-test`;
      expect(await trigger.checkExists()).toBe(false);
      trigger.options.webhookUrl = productionUrl;

      engine.endpoints.clear();
      expect(await trigger.checkExists()).toBe(false);
    });

    it('delete removes the endpoint and forgets it', async () => {
      await trigger.create();
      const id = trigger.staticData.webhookId;

      expect(await trigger.delete()).toBe(true);
      expect(engine.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/webhooks/${id}` });
      expect(engine.endpoints.size).toBe(0);
      expect(trigger.staticData).toEqual({});
    });

    it('delete counts an endpoint the engine no longer knows (404) as deleted', async () => {
      await trigger.create();
      engine.endpoints.clear();

      expect(await trigger.delete()).toBe(true);
      expect(trigger.staticData).toEqual({});
    });

    it('delete surfaces any other engine error and keeps the endpoint to retry', async () => {
      await trigger.create();
      trigger.options.credentials = { ...engine.credentials, apiKey: 'revoked' };

      const error = await trigger.delete().catch((caught) => caught);
      expect(error).toBeInstanceOf(NodeApiError);
      expect(error.httpCode).toBe('401');
      expect(trigger.staticData.webhookId).toBeDefined();
    });
  });

  describe('deliveries', () => {
    let endpointId: string;
    beforeEach(async () => {
      await trigger.create();
      endpointId = String(trigger.staticData.webhookId);
    });

    /** A body and headers signed with a secret, for deliveries the engine would never send. */
    const signed = (secret: string, body: string, sentAt = new Date()) => {
      const messageId = randomUUID();
      return {
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
      };
    };
    const exportEvent = JSON.stringify({ type: 'export.completed', timestamp: new Date().toISOString(), data: EXPORT_DONE });
    const otherSecret = `whsec_${randomBytes(24).toString('base64')}`;

    it('a correctly signed event of a chosen type emits one item: the job’s status plus the event type', async () => {
      const answer = await engine.deliver(endpointId, { type: 'export.completed', data: EXPORT_DONE });

      expect(answer.status).toBe(200);
      expect(trigger.receiver.emitted).toEqual([[{ json: { ...EXPORT_DONE, type: 'export.completed' } }]]);
    });

    it('accepts a delivery when any one of its signatures matches (the engine signs with two secrets after a rotation)', async () => {
      const headers = signed(String(trigger.staticData.webhookSecret), exportEvent);
      const stale = signed(otherSecret, exportEvent)['webhook-signature'];
      const answer = await post(trigger.receiver.url, exportEvent, {
        ...headers,
        'webhook-signature': `${stale} ${headers['webhook-signature']}`,
      });

      expect(answer.status).toBe(200);
      expect(trigger.receiver.emitted).toHaveLength(1);
    });

    it('answers 401 and emits nothing for a wrong secret, a tampered body, a stale or future timestamp, or missing headers', async () => {
      const secret = String(trigger.staticData.webhookSecret);
      const good = signed(secret, exportEvent);
      const tampered = exportEvent.replace('"deliveredRows":3', '"deliveredRows":3000');
      const { 'webhook-id': _id, ...noId } = good;
      const { 'webhook-timestamp': _timestamp, ...noTimestamp } = good;
      const { 'webhook-signature': _signature, ...noSignature } = good;
      const attempts: Array<[string, string, Record<string, string>]> = [
        ['wrong secret', exportEvent, signed(otherSecret, exportEvent)],
        ['tampered body', tampered, good],
        ['signed 6 minutes ago', exportEvent, signed(secret, exportEvent, new Date(Date.now() - 6 * 60_000))],
        ['signed 6 minutes ahead', exportEvent, signed(secret, exportEvent, new Date(Date.now() + 6 * 60_000))],
        ['unknown signature version', exportEvent, { ...good, 'webhook-signature': good['webhook-signature'].replace(/^v1,/, 'v1a,') }],
        ['no webhook-id', exportEvent, noId],
        ['no webhook-timestamp', exportEvent, noTimestamp],
        ['no webhook-signature', exportEvent, noSignature],
        ['no headers', exportEvent, {}],
      ];

      for (const [label, body, headers] of attempts) {
        const answer = await post(trigger.receiver.url, body, headers);
        expect({ label, status: answer.status, code: answer.body?.code }).toEqual({ label, status: 401, code: 'INVALID_SIGNATURE' });
      }
      expect(trigger.receiver.emitted).toEqual([]);
    });

    it('accepts a delivery signed 4 minutes ago (within the 5 minutes tolerance)', async () => {
      const answer = await engine.deliver(endpointId, { type: 'export.completed', data: EXPORT_DONE }, new Date(Date.now() - 4 * 60_000));
      expect(answer.status).toBe(200);
      expect(trigger.receiver.emitted).toHaveLength(1);
    });

    it('answers 401 while the node holds no secret (deleted, or never created)', async () => {
      const headers = signed(String(trigger.staticData.webhookSecret), exportEvent);
      await trigger.delete();

      expect((await post(trigger.receiver.url, exportEvent, headers)).status).toBe(401);
      expect(trigger.receiver.emitted).toEqual([]);
    });

    it('acknowledges an event of a type not chosen with 200 and emits nothing', async () => {
      const answer = await engine.deliver(endpointId, { type: 'scrape.completed', data: { id: 'job-1', status: 'completed' } });

      expect(answer).toEqual({ status: 200, body: { received: true, ignored: 'scrape.completed' } });
      expect(trigger.receiver.emitted).toEqual([]);
    });
  });

  describe('polling in webhook mode', () => {
    it('polls nothing on schedule: n8n polls every node that has poll(), whatever its mode', async () => {
      const harness = nodeHarness({ credentials: engine.credentials, parameters: { mode: 'webhook', events: ['exportCompleted'] } });
      expect(await new LeadEngineTrigger().poll.call(harness.poll)).toBeNull();
      expect(harness.requests).toEqual([]);
    });

    it('in the editor’s test shows the latest job of a chosen event, shaped as a delivery is emitted', async () => {
      const older = { ...EXPORT_DONE, id: 'export-old', completedAt: '2026-11-25T09:00:00.000Z' };
      const newer = { ...EXPORT_DONE, id: 'export-new', completedAt: '2026-11-25T10:00:00.000Z' };
      const failed = { id: 'enrich-1', status: 'failed', completed_at: '2026-11-25T09:30:00.000Z' };
      engine.reads.set('/leads/exports', { count: 3, exports: [newer, { id: 'queued', status: 'queued' }, older] });
      engine.reads.set('/enrich-csv/jobs', { jobs: [failed] });
      const manual = (events: string[]) =>
        new LeadEngineTrigger().poll.call(
          nodeHarness({ credentials: engine.credentials, parameters: { mode: 'webhook', events }, mode: 'manual' }).poll,
        );

      expect(await manual(['enrichmentFailed', 'exportCompleted'])).toEqual([[{ json: { ...newer, type: 'export.completed' } }]]);
      expect(await manual(['enrichmentFailed'])).toEqual([[{ json: { ...failed, type: 'enrichment.failed' } }]]);

      engine.reads.set('/credits', { balance: 42, total_earned: 100, total_spent: 58 });
      expect(await manual(['creditsLow'])).toEqual([[{ json: { balance: 42, total_earned: 100, total_spent: 58, type: 'credits.low' } }]]);
    });
  });
});

describe('n8n Lead Engine Trigger: how n8n reads the mode', () => {
  const trigger = new LeadEngineTrigger();
  const [webhook] = trigger.description.webhooks!;

  /** A description value as n8n evaluates it for a node with these parameters (defaults filled as n8n does). */
  const evaluate = (parameters: IDataObject, value: string) => {
    const nodeTypes = { getByName: () => trigger, getByNameAndVersion: () => trigger, getKnownTypes: () => ({}) } as unknown as INodeTypes;
    const node: INode = {
      id: 'trigger',
      name: 'Lead Engine Trigger',
      type: 'n8n-nodes-lead-engine.leadEngineTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: parameters as INode['parameters'],
    };
    const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
    return workflow.expression.getSimpleParameterValue(node, value, 'internal', {});
  };

  it('gives no webhook method in polling mode, so n8n registers no webhook (and creates no engine endpoint)', () => {
    expect(evaluate({ event: 'exportCompleted' }, webhook.httpMethod)).toBe('');
    expect(evaluate({ mode: 'polling', event: 'exportCompleted' }, webhook.httpMethod)).toBe('');
    expect(evaluate({ mode: 'polling' }, webhook.ndvHideUrl as string)).toBe(true);
  });

  it('listens for POST in webhook mode and shows the URL', () => {
    expect(evaluate({ mode: 'webhook', events: ['exportCompleted'] }, webhook.httpMethod)).toBe('POST');
    expect(evaluate({ mode: 'webhook', events: ['exportCompleted'] }, webhook.ndvHideUrl as string)).toBe(false);
    expect(webhook).toMatchObject({ name: 'default', responseMode: 'onReceived', path: 'lead-engine' });
  });

  it('subtitles webhook mode with the chosen events', () => {
    expect(evaluate({ mode: 'webhook', events: ['creditsLow', 'exportFailed'] }, trigger.description.subtitle!)).toBe(
      'Credits Low, Export Failed',
    );
    expect(evaluate({ mode: 'polling', event: 'scrapeFailed' }, trigger.description.subtitle!)).toBe('Scrape Failed');
  });

  it('offers every engine event type in webhook mode, and no scrape failures (the engine sends none)', () => {
    const events = trigger.description.properties.find((property) => property.name === 'events')!;
    expect((events.options as Array<{ value: string }>).map((option) => option.value)).toEqual([
      'creditsLow',
      'enrichmentCompleted',
      'enrichmentFailed',
      'exportCompleted',
      'exportFailed',
      'scrapeCompleted',
    ]);
  });
});
