import type { ApiOperation } from '../operations/api-operation';
import type { OperationRoute } from './operation-route';
import { ApiCallError, apiCallErrorOf } from './api-call-error';
import type { OperationById, OperationId, OperationInputArgs, OperationOutput } from './operation-types';

export interface ApiClientOptions {
  /** Where the engine answers: '' for the page's own origin (the app), `http://127.0.0.1:3000` elsewhere. */
  baseUrl: string;
  /** Sent with every call: an API key, a session cookie. */
  headers?: Readonly<Record<string, string>>;
  /** The app's 'same-origin', so that the browser sends the session cookie. */
  credentials?: 'omit' | 'same-origin' | 'include';
  /** Check every success against the operation's schema (the e2e tests do; the app trusts the engine that serves it). */
  validateResponses?: boolean;
}

/** Calls one operation by its id, typed by the table's schemas; a failure throws ApiCallError. */
export type ApiCall<Operations extends readonly ApiOperation[]> = <Id extends OperationId<Operations>>(
  operationId: Id,
  ...input: OperationInputArgs<OperationById<Operations, Id>>
) => Promise<OperationOutput<OperationById<Operations, Id>>>;

/** The URL of one operation with its path parameters and query: what a download link points at. */
export type ApiUrl<Operations extends readonly ApiOperation[]> = <Id extends OperationId<Operations>>(
  operationId: Id,
  ...input: OperationInputArgs<OperationById<Operations, Id>>
) => string;

export interface ApiClient<Operations extends readonly ApiOperation[]> {
  call: ApiCall<Operations>;
  url: ApiUrl<Operations>;
}

interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
}

/**
 * A client for a table of operations. It needs only their routes at run time (`routesOf`): the app sends
 * those alone, not the schemas and descriptions, and takes the types from the table's type.
 */
export function createApiClient<const Operations extends readonly ApiOperation[]>(
  operations: Operations | readonly OperationRoute[],
  options: ApiClientOptions,
): ApiClient<Operations> {
  const byId = new Map<string, OperationRoute>(operations.map((operation) => [operation.operationId, operation]));
  const operationOf = (operationId: string): OperationRoute => {
    const operation = byId.get(operationId);
    if (!operation) throw new Error(`No operation ${operationId} in this client's table`);
    return operation;
  };
  const urlOf = (operation: OperationRoute, input: RequestParts): string =>
    `${options.baseUrl}${pathOf(operation, input.params)}${queryStringOf(input.query)}`;
  const call = async (operationId: string, input: RequestParts = {}): Promise<unknown> => {
    const operation = operationOf(operationId);
    const url = urlOf(operation, input);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: string | FormData | undefined;
    if (input.form) body = input.form;
    else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    let response: Response;
    try {
      response = await fetch(url, { method: operation.method.toUpperCase(), headers, body, credentials: options.credentials });
    } catch {
      throw new ApiCallError(0, 'NETWORK_ERROR', 'The engine could not be reached. Check your connection and try again.');
    }
    if (!response.ok) throw await apiCallErrorOf(response);
    return answerOf(operation, response, options.validateResponses ?? false);
  };
  const url = (operationId: string, input: RequestParts = {}): string => urlOf(operationOf(operationId), input);
  return { call: call as ApiCall<Operations>, url: url as ApiUrl<Operations> };
}

function pathOf(operation: OperationRoute, params: Record<string, unknown> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${operation.operationId} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Lists repeat their parameter (?kind=a&kind=b); absent values are left out. */
function queryStringOf(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function answerOf(operation: OperationRoute, response: Response, validate: boolean): Promise<unknown> {
  const { schema, contentType } = operation.success;
  if (response.status === 204) return undefined;
  if (contentType === 'text/csv' || contentType === 'text/html') return response.text();
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new ApiCallError(response.status, 'UNEXPECTED_RESPONSE', `${operation.operationId} answered ${response.status} without JSON.`);
  }
  if (!validate || !schema) return answer;
  const checked = schema.safeParse(answer);
  if (checked.success) return checked.data;
  throw new ApiCallError(
    response.status,
    'UNEXPECTED_RESPONSE',
    `${operation.operationId} answered outside its schema: ${checked.error.message}`,
    null,
    {
      answer,
    },
  );
}
