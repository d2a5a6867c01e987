import { CONSOLE_OPERATIONS, createApiClient, OperationId } from '@lead-engine/contracts/client';

export type ConsoleOperationId = OperationId<typeof CONSOLE_OPERATIONS>;

const routes = createApiClient(CONSOLE_OPERATIONS, { baseUrl: '' });

/** A console operation's path by its id, so that shared helpers follow the operation table instead of spelling routes. */
export function consolePath(operationId: ConsoleOperationId, params: Record<string, string> = {}): string {
  return (routes.url as (id: ConsoleOperationId, input: { params: Record<string, string> }) => string)(operationId, { params });
}
