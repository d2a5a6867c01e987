import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** The engine's error envelope: {error, code, message?, ...details}. */
export interface EngineErrorBody extends IDataObject {
  error?: string;
  code?: string;
  message?: string;
}

export function parseEngineErrorBody(body: unknown): EngineErrorBody {
  if (Buffer.isBuffer(body) || body instanceof ArrayBuffer) {
    return parseEngineErrorBody(Buffer.from(body as Buffer).toString('utf8'));
  }
  if (typeof body === 'string') {
    try {
      return parseEngineErrorBody(JSON.parse(body));
    } catch {
      return { error: body.slice(0, 500) };
    }
  }
  if (body && typeof body === 'object') return body as EngineErrorBody;
  return {};
}

/** A non-2xx answer of the engine as n8n's API error, message led by the engine's code. */
export function engineApiError(node: INode, statusCode: number, responseBody: unknown, itemIndex?: number): NodeApiError {
  const body = parseEngineErrorBody(responseBody);
  const code = body.code ?? `HTTP_${statusCode}`;
  const text = body.error ?? `Lead Engine answered HTTP ${statusCode}`;
  const details = Object.fromEntries(Object.entries(body).filter(([key]) => !['error', 'code', 'message'].includes(key)));
  const description = [body.message, Object.keys(details).length ? JSON.stringify(details) : undefined].filter(Boolean).join(' ');
  return new NodeApiError(node, { ...body, code, httpCode: String(statusCode) } as JsonObject, {
    message: `${code}: ${text}`,
    description: description || undefined,
    httpCode: String(statusCode),
    itemIndex,
  });
}
