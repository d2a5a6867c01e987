import { CONSOLE_OPERATIONS, OPERATOR_OPERATIONS } from '@lead-engine/contracts/client';

/**
 * What the app calls: the console's operations and the operator's. The build writes their routes into the
 * bundle (build/console-routes.ts); the app takes only this table's type, never its schemas.
 */
export const APP_OPERATIONS = [...CONSOLE_OPERATIONS, ...OPERATOR_OPERATIONS] as const;
