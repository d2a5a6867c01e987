import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isApiCallError } from '../shared/api/console-client';
import { loadMe } from '../shared/api/me.queries';
import { rootRoute } from './root.route';

/** Every page behind sign-in: without a session, the sign-in form, which comes back here afterwards. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    try {
      await loadMe(context.queryClient);
    } catch (error) {
      if (isApiCallError(error, 'SESSION_REQUIRED')) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
      throw error;
    }
  },
  component: lazyRouteComponent(() => import('../app/app-frame'), 'AppFrame'),
});
