import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { apiKeysQueryOptions } from '../shared/api/api-keys.queries';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

export const keysRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('API keys'),
  path: 'keys',
  loader: ({ context }) => context.queryClient.prefetchQuery(apiKeysQueryOptions()),
  component: lazyRouteComponent(() => import('../features/api-keys/pages/api-keys-page'), 'ApiKeysPage'),
});
