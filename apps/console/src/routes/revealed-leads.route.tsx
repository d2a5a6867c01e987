import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { revealedSearchSchema } from '../features/leads/revealed-search';
import { signedInRoute } from './signed-in.route';

export const revealedLeadsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'leads/revealed',
  validateSearch: revealedSearchSchema,
  component: lazyRouteComponent(() => import('../features/leads/pages/revealed-leads-page'), 'RevealedLeadsPage'),
});
