import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { jobSearchSchema } from '../features/jobs/jobs-search';
import { signedInRoute } from './signed-in.route';

/** One job (export, scrape or enrichment) by its type and id; an unknown one says there is no such job. */
export const jobRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'jobs/$type/$id',
  validateSearch: jobSearchSchema,
  component: lazyRouteComponent(() => import('../features/jobs/pages/job-page'), 'JobPage'),
});
