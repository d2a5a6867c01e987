import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../shared/ui/not-found-page';
import { RouteErrorPage } from '../shared/ui/route-error-page';

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  head: () => ({ meta: [{ title: 'Lead Engine' }] }),
  component: () => (
    <>
      <HeadContent />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
