import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { planQueryOptions } from '../shared/api/plan.queries';
import { signedInRoute } from './signed-in.route';

export const planRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'plan',
  loader: ({ context }) => context.queryClient.prefetchQuery(planQueryOptions()),
  component: lazyRouteComponent(() => import('../features/plan/pages/plan-page'), 'PlanPage'),
});
