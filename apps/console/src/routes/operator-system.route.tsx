import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { operatorSystemQueryOptions } from '../features/operator-system/api/operator-system.queries';
import { loadMe } from '../shared/api/me.queries';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

/** Operators only: anyone else is told so, and is not sent to ask the engine, which would refuse with 403. */
export const operatorSystemRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('System'),
  path: 'operator/system',
  loader: async ({ context }) => {
    if ((await loadMe(context.queryClient)).user.operator) await context.queryClient.prefetchQuery(operatorSystemQueryOptions());
  },
  component: lazyRouteComponent(() => import('../features/operator-system/pages/operator-system-page'), 'OperatorSystemPage'),
});
