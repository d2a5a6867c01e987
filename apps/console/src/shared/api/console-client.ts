import type { OperationById, OperationId, OperationOutput } from '@lead-engine/contracts/client';
import { createApiClient } from '@lead-engine/contracts/client';
import { CONSOLE_ROUTES } from 'virtual:console-routes';
import type { APP_OPERATIONS } from './app-operations';

export { ApiCallError, isApiCallError } from '@lead-engine/contracts/client';

/**
 * The only code that calls fetch: /console/api by operation id, typed by the operation table, on the
 * page's own origin (the browser adds Origin and Sec-Fetch-Site, which the engine's cross-origin check
 * needs) with the session cookie. consoleUrl gives the links the browser downloads through.
 */
export const { call: consoleCall, url: consoleUrl } = createApiClient<typeof APP_OPERATIONS>(CONSOLE_ROUTES, {
  baseUrl: '',
  credentials: 'same-origin',
});

/** What a /console/api operation answers, by its id. */
export type ConsoleAnswer<Id extends OperationId<typeof APP_OPERATIONS>> = OperationOutput<OperationById<typeof APP_OPERATIONS, Id>>;

/** A CSV download's query: the byte order mark Excel needs only when asked, so plain links stay as they were. */
export const csvFlavourQuery = ({ excel }: { excel: boolean }) => (excel ? { excel: 'true' as const } : {});
