import { routesOf } from '@lead-engine/contracts/client';
import type { Plugin } from 'vite';
import { APP_OPERATIONS } from '../src/shared/api/app-operations.ts';

const MODULE_ID = 'virtual:console-routes';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * `virtual:console-routes`: the routes of /console/api, the operator's included (id, method, path, content
 * type), written into the bundle from the operation tables when the app is built. The page carries them,
 * not the tables' schemas and descriptions; the client takes its types from the tables themselves.
 */
export function consoleRoutes(): Plugin {
  return {
    name: 'lead-engine:console-routes',
    resolveId: (source) => (source === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export const CONSOLE_ROUTES = ${JSON.stringify(routesOf(APP_OPERATIONS))};` : undefined),
  };
}
