import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { prefetchLeadsFilters, prefetchLeadsResults } from '../features/leads/api/prefetch-leads-page';
import { leadsSearchSchema } from '../features/leads/leads-search';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

export const leadsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Leads'),
  path: 'leads',
  validateSearch: leadsSearchSchema,
  // The count and the rows are asked before the page's code is (the browser sends six requests at a time
  // to one server, in the order asked); the filters' lists and saved searches as it loads.
  beforeLoad: ({ context, search }) => prefetchLeadsResults(context.queryClient, search),
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context }) => prefetchLeadsFilters(context.queryClient),
  component: lazyRouteComponent(() => import('../features/leads/pages/leads-page'), 'LeadsPage'),
});
