import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { teamQueryOptions } from '../shared/api/team.queries';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

/** Owners only: a member's visit is answered 403 by the API, and the page says so. */
export const teamRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Team'),
  path: 'team',
  loader: ({ context }) => context.queryClient.prefetchQuery(teamQueryOptions()),
  component: lazyRouteComponent(() => import('../features/team/pages/team-page'), 'TeamPage'),
});
