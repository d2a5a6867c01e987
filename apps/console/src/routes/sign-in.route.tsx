import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { lazySchema } from '../shared/lib/lazy-schema';
import { rootRoute } from './root.route';
import { pageTitle } from './page-title';

export const signInSearchSchema = lazySchema(() =>
  z.object({
    /** The page first asked for, to go back to after signing in. */
    redirect: z.string().max(2000).optional().catch(undefined),
  }),
);

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  head: () => pageTitle('Sign in'),
  path: 'sign-in',
  validateSearch: signInSearchSchema,
  component: lazyRouteComponent(() => import('../features/session/pages/sign-in-page'), 'SignInPage'),
});
