import type { ErrorCode } from '../errors/error-codes';

export type ApiCallErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

/** An answer other than 2xx, decoded from the error envelope {error, code, message}, or no answer at all. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiCallErrorCode,
    message: string,
    /** From Retry-After, when the engine says how long to wait. */
    readonly retryAfterSeconds: number | null = null,
    /** The envelope's other members, such as the rows a refused CSV names ({rows: [2, 5]}). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export const isApiCallError = (error: unknown, code?: ApiCallErrorCode): error is ApiCallError =>
  error instanceof ApiCallError && (code === undefined || error.code === code);

/** Reads a failed answer once, for every caller: the envelope's code and message, Retry-After, the rest as details. */
export async function apiCallErrorOf(response: Response): Promise<ApiCallError> {
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null;
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown; error?: unknown };
    if (typeof body.code === 'string') {
      const { code, message, error, ...details } = body;
      const text = typeof message === 'string' ? message : typeof error === 'string' ? error : body.code;
      return new ApiCallError(response.status, code as ErrorCode, text, retryAfterSeconds, details);
    }
  } catch {
    // not the error envelope
  }
  return new ApiCallError(response.status, 'UNEXPECTED_RESPONSE', `The engine answered ${response.status}.`, retryAfterSeconds);
}
