import type { ErrorCode } from '@lead-engine/contracts';

/** Extra fields that travel with an error into the response body (e.g. `required`, `balance`, `details`). */
export type DomainErrorExtra = Record<string, unknown>;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: DomainErrorExtra = {},
  ) {
    super(message ?? code);
    this.name = 'DomainError';
  }

  get detail(): string | undefined {
    return this.message === this.code ? undefined : this.message;
  }
}
