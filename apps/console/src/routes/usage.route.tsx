import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { usagePageQueryOptions } from '../features/usage/api/usage.queries';
import { usageSearchSchema } from '../features/usage/usage-search';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

export const usageRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Usage'),
  path: 'usage',
  validateSearch: usageSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(usagePageQueryOptions(deps)),
  component: lazyRouteComponent(() => import('../features/usage/pages/usage-page'), 'UsagePage'),
});
