declare module 'virtual:console-routes' {
  import type { OperationRoute } from '@lead-engine/contracts/client';

  /** /console/api's routes (the operator's included), from the operation tables at build time (build/console-routes.ts). */
  export const CONSOLE_ROUTES: readonly OperationRoute[];
}
