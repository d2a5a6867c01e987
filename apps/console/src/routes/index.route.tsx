import { createRoute, redirect } from '@tanstack/react-router';
import { signedInRoute } from './signed-in.route';

/** The Overview comes in a later issue; until then /app opens the API keys. */
export const indexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/keys', replace: true });
  },
});
