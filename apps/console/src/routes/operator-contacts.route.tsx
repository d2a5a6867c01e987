import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import {
  contactImportListQueryOptions,
  contactImportQueryOptions,
  contactTotalsQueryOptions,
} from '../features/operator-contacts/api/operator-contacts.queries';
import { operatorContactsSearchSchema } from '../features/operator-contacts/operator-contacts-search';
import { loadMe } from '../shared/api/me.queries';
import { pageTitle } from './page-title';
import { signedInRoute } from './signed-in.route';

/** Operators only: anyone else is told so, and is not sent to ask the engine, which would refuse with 403. */
export const operatorContactsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Contacts'),
  path: 'operator/contacts',
  validateSearch: operatorContactsSearchSchema,
  loaderDeps: ({ search }) => ({ importId: search.import }),
  loader: async ({ context, deps }) => {
    if (!(await loadMe(context.queryClient)).user.operator) return;
    await Promise.all([
      context.queryClient.prefetchQuery(contactTotalsQueryOptions()),
      context.queryClient.prefetchQuery(contactImportListQueryOptions()),
      deps.importId && context.queryClient.prefetchQuery(contactImportQueryOptions(deps.importId)),
    ]);
  },
  component: lazyRouteComponent(() => import('../features/operator-contacts/pages/operator-contacts-page'), 'OperatorContactsPage'),
});
