import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { overviewQueryOptions } from '../features/overview/api/overview.queries';
import { planQueryOptions } from '../shared/api/plan.queries';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

/** /app: the Overview of the account. */
export const indexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Overview'),
  path: '/',
  loader: ({ context }) =>
    Promise.all([context.queryClient.prefetchQuery(overviewQueryOptions()), context.queryClient.prefetchQuery(planQueryOptions())]),
  component: lazyRouteComponent(() => import('../features/overview/pages/overview-page'), 'OverviewPage'),
});
