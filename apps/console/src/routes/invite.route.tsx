import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { inviteQueryOptions } from '../features/invites/api/invites.queries';
import { rootRoute } from './root.route';
import { pageTitle } from './page-title';

export const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  head: () => pageTitle('Join an account'),
  path: 'invite/$token',
  // An invalid link is a state of the page (it says so), not an error of the route.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(inviteQueryOptions(params.token)),
  component: lazyRouteComponent(() => import('../features/invites/pages/invite-page'), 'InvitePage'),
});
