import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { operatorAccountQueryOptions } from '../features/operator-accounts/api/operator-accounts.queries';
import { isApiCallError } from '../shared/api/console-client';
import { loadMe } from '../shared/api/me.queries';
import { pageTitle } from './page-title';
import { signedInRoute } from './signed-in.route';

/**
 * One account, for operators only. The loader names the tab after the account; a failure is left to the
 * page, which says there is no such account or what went wrong instead of the route failing.
 */
export const operatorAccountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'operator/accounts/$accountId',
  loader: async ({ context, params }): Promise<{ title: string }> => {
    if (!(await loadMe(context.queryClient)).user.operator) return { title: 'Account' };
    try {
      return { title: (await context.queryClient.ensureQueryData(operatorAccountQueryOptions(params.accountId))).name };
    } catch (error) {
      return { title: isApiCallError(error, 'NOT_FOUND') ? 'No such account' : 'Account' };
    }
  },
  head: ({ loaderData }) => pageTitle(loaderData?.title ?? 'Account'),
  component: lazyRouteComponent(() => import('../features/operator-accounts/pages/operator-account-page'), 'OperatorAccountPage'),
});
