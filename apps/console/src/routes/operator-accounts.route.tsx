import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { operatorAccountSearchQueryOptions } from '../features/operator-accounts/api/operator-accounts.queries';
import { operatorAccountsSearchSchema } from '../features/operator-accounts/operator-accounts-search';
import { loadMe } from '../shared/api/me.queries';
import { pageTitle } from './page-title';
import { signedInRoute } from './signed-in.route';

/** Operators only: anyone else is told so, and is not sent to ask the engine, which would refuse with 403. */
export const operatorAccountsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Accounts'),
  path: 'operator/accounts',
  validateSearch: operatorAccountsSearchSchema,
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: async ({ context, deps }) => {
    if ((await loadMe(context.queryClient)).user.operator)
      await context.queryClient.prefetchInfiniteQuery(operatorAccountSearchQueryOptions(deps.q));
  },
  component: lazyRouteComponent(() => import('../features/operator-accounts/pages/operator-accounts-page'), 'OperatorAccountsPage'),
});
