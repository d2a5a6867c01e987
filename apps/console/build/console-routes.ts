import { CONSOLE_OPERATIONS, routesOf } from '@lead-engine/contracts/client';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:console-routes';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * `virtual:console-routes`: the routes of /console/api (id, method, path, content type), written into the
 * bundle from the operation table when the app is built. The page carries them, not the table's schemas
 * and descriptions; the client takes its types from the table itself.
 */
export function consoleRoutes(): Plugin {
  return {
    name: 'lead-engine:console-routes',
    resolveId: (source) => (source === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export const CONSOLE_ROUTES = ${JSON.stringify(routesOf(CONSOLE_OPERATIONS))};` : undefined),
  };
}
