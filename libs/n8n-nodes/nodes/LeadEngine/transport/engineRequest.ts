import type {
  IDataObject,
  IExecuteFunctions,
  IHttpRequestMethods,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  IN8nHttpFullResponse,
  IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { engineApiError, parseEngineErrorBody } from './engineApiError';
import { retryDelayMs } from './retryDelay';

export const CREDENTIAL_TYPE = 'leadEngineApi';

const RATE_LIMIT_RETRIES = 5;

export type EngineContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface EngineRequest {
  method: IHttpRequestMethods;
  /** Path under /api/v1, e.g. `/leads/search`. */
  path: string;
  qs?: IDataObject;
  body?: IDataObject | FormData;
  /** Sent as Idempotency-Key, so that a retried POST spends credits or starts a job once. */
  idempotencyKey?: string;
  /** Answer as raw bytes (CSV downloads) instead of JSON. */
  binary?: boolean;
  itemIndex?: number;
}

export interface EngineFileResponse {
  data: Buffer;
  headers: IDataObject;
}

/** Calls the engine and returns its JSON answer; engine errors become NodeApiError; 503 RATE_LIMITED is retried. */
export async function engineRequest(this: EngineContext, request: EngineRequest): Promise<IDataObject> {
  const response = await send.call(this, request);
  return response.body as IDataObject;
}

/** Downloads a file from the engine (body as a Buffer, with the response headers). */
export async function engineDownload(this: EngineContext, request: Omit<EngineRequest, 'binary'>): Promise<EngineFileResponse> {
  const response = await send.call(this, { ...request, binary: true });
  return { data: Buffer.from(response.body as ArrayBuffer), headers: response.headers };
}

async function send(this: EngineContext, request: EngineRequest): Promise<IN8nHttpFullResponse> {
  const credentials = await this.getCredentials(CREDENTIAL_TYPE);
  const baseURL = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
  const options: IHttpRequestOptions = {
    method: request.method,
    baseURL,
    url: `/api/v1${request.path}`,
    qs: request.qs,
    body: request.body,
    headers: request.idempotencyKey ? { 'Idempotency-Key': request.idempotencyKey } : {},
    json: !request.binary,
    encoding: request.binary ? 'arraybuffer' : undefined,
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
  };
  for (let attempt = 0; ; attempt++) {
    const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options)) as IN8nHttpFullResponse;
    if (response.statusCode >= 200 && response.statusCode < 300) return response;
    const rateLimited = response.statusCode === 503 && parseEngineErrorBody(response.body).code === 'RATE_LIMITED';
    if (!rateLimited || attempt >= RATE_LIMIT_RETRIES) {
      throw engineApiError(this.getNode(), response.statusCode, response.body, request.itemIndex);
    }
    await sleep(retryDelayMs(response.headers['retry-after'], attempt));
  }
}
