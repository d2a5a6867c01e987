import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { jobsSearchSchema } from '../features/jobs/jobs-search';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

/** The account's jobs; the filters live in the URL. The page's code and queries load with it. */
export const jobsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Jobs'),
  path: 'jobs',
  validateSearch: jobsSearchSchema,
  component: lazyRouteComponent(() => import('../features/jobs/pages/jobs-page'), 'JobsPage'),
});
