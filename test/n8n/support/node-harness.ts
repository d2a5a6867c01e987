import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  IBinaryData,
  IDataObject,
  IExecuteFunctions,
  IHookFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  INode,
  INodeExecutionData,
  IPollFunctions,
  IWebhookFunctions,
} from 'n8n-workflow';

/** A parameter value, or a function standing for an expression evaluated per item. */
export type ParameterValue = unknown | ((item: INodeExecutionData, itemIndex: number) => unknown);

export interface HarnessOptions {
  credentials: { baseUrl: string; apiKey: string };
  parameters: Record<string, ParameterValue>;
  items?: INodeExecutionData[];
  continueOnFail?: boolean;
  mode?: 'manual' | 'trigger';
  staticData?: IDataObject;
  executionId?: string;
  /** What getNodeWebhookUrl('default') answers in webhook hooks and handlers. */
  webhookUrl?: string;
  workflowName?: string;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
}

const NODE: INode = {
  id: 'a6f1c1a2-0c47-4c1e-9d5e-3e3c1f0b0001',
  name: 'Lead Engine',
  type: 'n8n-nodes-lead-engine.leadEngine',
  typeVersion: 1,
  position: [0, 0],
  parameters: {},
};

/**
 * The part of n8n's node context the package uses, with real HTTP: requests go to the engine through
 * fetch the way n8n's httpRequestWithAuthentication sends them through axios (X-API-Key from the
 * credential, JSON bodies, an empty object sent as no body, FormData as multipart, status handling).
 */
export function nodeHarness(options: HarnessOptions) {
  const items = options.items ?? [{ json: {} }];
  const requests: RecordedRequest[] = [];
  const staticData = options.staticData ?? {};
  const executionId = options.executionId ?? randomUUID();

  const parameter = (name: string, itemIndex: number, fallback?: unknown) => {
    const value = name
      .split('.')
      .reduce<unknown>((scope, key) => (scope as Record<string, unknown> | undefined)?.[key], options.parameters);
    const resolved = typeof value === 'function' ? value(items[itemIndex], itemIndex) : value;
    if (resolved !== undefined) return resolved;
    if (fallback !== undefined) return fallback;
    throw new Error(`Could not get parameter "${name}"`);
  };

  async function httpRequestWithAuthentication(this: unknown, credentialType: string, request: IHttpRequestOptions) {
    if (credentialType !== 'leadEngineApi') throw new Error(`unexpected credential ${credentialType}`);
    const url = new URL(`${request.baseURL ?? ''}${request.url}`);
    for (const [key, value] of Object.entries(request.qs ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      ...((request.headers as Record<string, string>) ?? {}),
      'X-API-Key': options.credentials.apiKey,
    };
    if (request.json) headers.Accept = 'application/json';
    let body: BodyInit | undefined;
    const payload = request.body;
    if (payload instanceof FormData) body = payload;
    else if (typeof payload === 'string') body = payload;
    else if (payload && typeof payload === 'object' && Object.keys(payload).length > 0) {
      body = JSON.stringify(payload);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(url, { method: request.method ?? 'GET', headers, body: request.method === 'GET' ? undefined : body });
    const bytes = Buffer.from(await response.arrayBuffer());
    let responseBody: unknown = bytes;
    if (request.encoding !== 'arraybuffer') {
      const text = bytes.toString('utf8');
      try {
        responseBody = JSON.parse(text);
      } catch {
        responseBody = text;
      }
    }
    requests.push({ method: request.method ?? 'GET', url: url.toString(), headers, body: payload, status: response.status });
    const ok = response.status >= 200 && response.status < 300;
    if (!ok && !request.ignoreHttpStatusErrors) throw new Error(`Request failed with status code ${response.status}`);
    if (!request.returnFullResponse) return responseBody;
    return {
      body: responseBody,
      headers: Object.fromEntries(response.headers.entries()),
      statusCode: response.status,
      statusMessage: response.statusText,
    };
  }

  const helpers = {
    httpRequestWithAuthentication,
    async prepareBinaryData(data: Buffer, fileName?: string, mimeType?: string): Promise<IBinaryData> {
      return {
        data: data.toString('base64'),
        mimeType: mimeType ?? 'application/octet-stream',
        fileName,
        fileSize: String(data.length),
        fileExtension: fileName?.split('.').pop(),
      };
    },
    assertBinaryData(itemIndex: number, propertyName: string): IBinaryData {
      const binary = items[itemIndex].binary?.[propertyName];
      if (!binary) throw new Error(`No binary data in field "${propertyName}"`);
      return binary;
    },
    async getBinaryDataBuffer(itemIndex: number, propertyName: string): Promise<Buffer> {
      return Buffer.from(helpers.assertBinaryData(itemIndex, propertyName).data, 'base64');
    },
  };

  const context = {
    getNode: () => NODE,
    getInputData: () => items,
    getNodeParameter: (name: string, itemIndex = 0, fallback?: unknown) => parameter(name, itemIndex, fallback),
    getCredentials: async () => ({ ...options.credentials }),
    getExecutionId: () => executionId,
    continueOnFail: () => options.continueOnFail ?? false,
    getMode: () => options.mode ?? 'trigger',
    getWorkflowStaticData: () => staticData,
    helpers,
  };

  // Poll, hook and webhook functions take getNodeParameter(name, fallback): no item index.
  const triggerContext = {
    ...context,
    getNodeParameter: (name: string, fallback?: unknown) => parameter(name, 0, fallback),
    getNodeWebhookUrl: () => options.webhookUrl,
    getWorkflow: () => ({ id: 'workflow-1', name: options.workflowName ?? 'Lead Engine workflow', active: true }),
  };

  return {
    requests,
    staticData,
    execute: context as unknown as IExecuteFunctions,
    loadOptions: context as unknown as ILoadOptionsFunctions,
    poll: triggerContext as unknown as IPollFunctions,
    hook: triggerContext as unknown as IHookFunctions,
    /** The handler's context for one request n8n received (its body parser has set readRawBody). */
    webhook: (request: IncomingMessage, response: ServerResponse) =>
      ({ ...triggerContext, getRequestObject: () => request, getResponseObject: () => response }) as unknown as IWebhookFunctions,
  };
}

/** Makes a binary item the way n8n holds one read from a file. */
export function csvItem(csv: string, fileName = 'leads.csv'): INodeExecutionData {
  return {
    json: { fileName },
    binary: { data: { data: Buffer.from(csv).toString('base64'), mimeType: 'text/csv', fileName } },
  };
}

export function binaryText(item: INodeExecutionData, property = 'data'): string {
  return Buffer.from(item.binary![property].data, 'base64').toString('utf8');
}
