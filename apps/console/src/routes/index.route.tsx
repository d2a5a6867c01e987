import { createRoute, redirect } from '@tanstack/react-router';
import { signedInRoute } from './signed-in.route';

/** The Overview comes in a later issue; until then /app opens Settings. */
export const indexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/settings', replace: true });
  },
});
