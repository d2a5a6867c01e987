import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { prefetchLeadsPage } from '../features/leads/api/prefetch-leads-page';
import { leadsSearchSchema } from '../features/leads/leads-search';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

export const leadsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Leads'),
  path: 'leads',
  validateSearch: leadsSearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  // The count and the rows are asked while the page's code loads, not after it ran.
  loader: ({ context, deps }) => prefetchLeadsPage(context.queryClient, deps.search),
  component: lazyRouteComponent(() => import('../features/leads/pages/leads-page'), 'LeadsPage'),
});
