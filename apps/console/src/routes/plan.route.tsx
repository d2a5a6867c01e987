import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { planQueryOptions } from '../shared/api/plan.queries';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

export const planRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Plan'),
  path: 'plan',
  loader: ({ context }) => context.queryClient.prefetchQuery(planQueryOptions()),
  component: lazyRouteComponent(() => import('../features/plan/pages/plan-page'), 'PlanPage'),
});
