import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { jobTitle } from '../features/jobs/job-words';
import { isJobType, jobSearchSchema } from '../features/jobs/jobs-search';
import { pageTitle } from './page-title';
import { signedInRoute } from './signed-in.route';

/** One job (export, scrape or enrichment) by its type and id; an unknown one says there is no such job. */
export const jobRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'jobs/$type/$id',
  head: ({ params }) => pageTitle(isJobType(params.type) ? jobTitle(params.type, params.id) : 'No such job'),
  validateSearch: jobSearchSchema,
  component: lazyRouteComponent(() => import('../features/jobs/pages/job-page'), 'JobPage'),
});
