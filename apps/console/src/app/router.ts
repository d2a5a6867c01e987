import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routes/route-tree';
import { isPublicPage } from '../shared/lib/public-pages';
import { createQueryClient } from './query-client';

export const queryClient = createQueryClient(() => {
  // A session ended elsewhere: forget what was shown and ask to sign in, then come back here.
  const { pathname, searchStr } = router.state.location;
  if (isPublicPage(pathname)) return;
  queryClient.clear();
  void router.navigate({ to: '/sign-in', search: { redirect: `${pathname}${searchStr}` }, replace: true });
});

export const router = createRouter({
  routeTree,
  basepath: '/app',
  context: { queryClient },
  defaultPreload: 'intent',
  // The loaders read through the query cache, which decides freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
