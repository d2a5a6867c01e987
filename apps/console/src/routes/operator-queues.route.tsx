import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

/** Operators only: the way to the queues dashboard, which the engine serves outside the app. */
export const operatorQueuesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Queues'),
  path: 'operator/queues',
  component: lazyRouteComponent(() => import('../features/operator-queues/pages/operator-queues-page'), 'OperatorQueuesPage'),
});
