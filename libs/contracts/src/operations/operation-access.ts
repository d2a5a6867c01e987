import type { ErrorCode } from '../errors/error-codes';

/**
 * Who may call an operation, from the most open: anyone; an API key (the /api/v1 routes); a signed-in
 * console user; a signed-in user of an account (owner or member); one of its owners; the server's
 * operator. Each kind of caller is refused before the operation reads its input.
 */
export const OPERATION_ACCESS = ['none', 'api-key', 'session', 'account', 'owner', 'operator'] as const;
export type OperationAccess = (typeof OPERATION_ACCESS)[number];

/** The accesses that need the console's session cookie. */
export const SESSION_ACCESS: readonly OperationAccess[] = ['session', 'account', 'owner', 'operator'];

export const needsSession = (access: OperationAccess): boolean => SESSION_ACCESS.includes(access);

/** What refuses a caller who lacks the access, before the operation's own errors: the signed-in user who is not the one it takes. */
export const accessErrors = (access: OperationAccess): ErrorCode[] =>
  access === 'account' || access === 'owner' || access === 'operator' ? ['FORBIDDEN'] : [];

/** The console's own API (/console/api): never the API key; unsafe methods pass the cross-origin check. */
export const isConsoleOperation = (operation: { path: string }): boolean => operation.path.startsWith('/console/api/');
