import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { revealedSearchSchema } from '../features/leads/revealed-search';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

export const revealedLeadsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Revealed leads'),
  path: 'leads/revealed',
  validateSearch: revealedSearchSchema,
  component: lazyRouteComponent(() => import('../features/leads/pages/revealed-leads-page'), 'RevealedLeadsPage'),
});
