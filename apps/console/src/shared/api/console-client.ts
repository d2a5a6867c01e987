import type { ErrorCode } from '@lead-engine/contracts/console';

/** An answer of /console/api other than 2xx, decoded from the error envelope {error, code, message}. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE',
    message: string,
    /** From Retry-After, when the engine says how long to wait. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

export const isConsoleApiError = (error: unknown, code?: ConsoleApiError['code']): error is ConsoleApiError =>
  error instanceof ConsoleApiError && (code === undefined || error.code === code);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The only code that calls fetch: same-origin JSON to /console/api (the browser adds Origin and
 * Sec-Fetch-Site, which the engine's cross-origin check needs), the session cookie sent along.
 */
export async function consoleApi<T = void>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/console/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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
      const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : body.code;
      return new ConsoleApiError(response.status, body.code as ErrorCode, message, retryAfterSeconds);
    }
  } catch {
    // not the error envelope
  }
  return new ConsoleApiError(response.status, 'UNEXPECTED_RESPONSE', `The engine answered ${response.status}.`, retryAfterSeconds);
}
