import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { sessionsQueryOptions } from '../features/settings/api/sessions.queries';
import { signedInRoute } from './signed-in.route';
import { pageTitle } from './page-title';

export const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  head: () => pageTitle('Settings'),
  path: 'settings',
  loader: ({ context }) => context.queryClient.prefetchQuery(sessionsQueryOptions()),
  component: lazyRouteComponent(() => import('../features/settings/pages/settings-page'), 'SettingsPage'),
});
