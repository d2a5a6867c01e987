import type { ErrorCode } from '@lead-engine/contracts/console';

/** An answer of /console/api other than 2xx, decoded from the error envelope {error, code, message}. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE',
    message: string,
    /** From Retry-After, when the engine says how long to wait. */
    readonly retryAfterSeconds: number | null = null,
    /** The envelope's other members, such as the rows a refused CSV names ({rows: [2, 5]}). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

export const isConsoleApiError = (error: unknown, code?: ConsoleApiError['code']): error is ConsoleApiError =>
  error instanceof ConsoleApiError && (code === undefined || error.code === code);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The only code that calls fetch: same-origin requests to /console/api (the browser adds Origin and
 * Sec-Fetch-Site, which the engine's cross-origin check needs), the session cookie sent along.
 */
export async function consoleApi<T = void>(method: Method, path: string, body?: unknown): Promise<T> {
  return send<T>(
    method,
    path,
    body === undefined
      ? { headers: { accept: 'application/json' } }
      : { headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
}

/**
 * POSTs a multipart form (a file and its fields): no content-type is set here, so that the browser
 * writes multipart/form-data with its own boundary.
 */
export async function consoleUpload<T>(path: string, form: FormData): Promise<T> {
  return send<T>('POST', path, { headers: { accept: 'application/json' }, body: form });
}

async function send<T>(method: Method, path: string, request: { headers: Record<string, string>; body?: BodyInit }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/console/api${path}`, { method, credentials: 'same-origin', ...request });
  } catch {
    throw new ConsoleApiError(0, 'NETWORK_ERROR', 'The engine could not be reached. Check your connection and try again.');
  }
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  throw await errorOf(response);
}

async function errorOf(response: Response): Promise<ConsoleApiError> {
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null;
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown; error?: unknown };
    if (typeof body.code === 'string') {
      const { code, message, error, ...details } = body;
      const text = typeof message === 'string' ? message : typeof error === 'string' ? error : body.code;
      return new ConsoleApiError(response.status, code as ErrorCode, text, retryAfterSeconds, details);
    }
  } catch {
    // not the error envelope
  }
  return new ConsoleApiError(response.status, 'UNEXPECTED_RESPONSE', `The engine answered ${response.status}.`, retryAfterSeconds);
}
