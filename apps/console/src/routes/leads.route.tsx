import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { leadsSearchSchema } from '../features/leads/leads-search';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

export const leadsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Leads'),
  path: 'leads',
  validateSearch: leadsSearchSchema,
  component: lazyRouteComponent(() => import('../features/leads/pages/leads-page'), 'LeadsPage'),
});
