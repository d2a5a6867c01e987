import { DomainError, isUuid } from '@lead-engine/core';
import { UnknownAccountError } from '../../accounts/use-cases/create-api-key.use-case';

export function noSuchAccount(): DomainError {
  return new DomainError('NOT_FOUND', 'No such account.');
}

/** An id that is not a uuid names no account: 404 like an unknown one, before the database is asked. */
export function operatorAccountId(id: string): string {
  if (!isUuid(id)) throw noSuchAccount();
  return id.toLowerCase();
}

/** The shared use-cases throw UnknownAccountError (the CLI's message); over HTTP it is a 404. */
export function asNotFound(error: unknown): never {
  throw error instanceof UnknownAccountError ? noSuchAccount() : error;
}
