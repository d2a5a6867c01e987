import type { MeResponse } from '@lead-engine/contracts/console';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { consoleCall } from './console-client';

/** Who is signed in, and their account: the frame, every page's guard and Settings read it. */
export const meKeys = { all: ['me'] as const };

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: () => consoleCall('consoleGetMe'),
    // The balance in the frame stays current while the app is open.
    refetchInterval: 60_000,
  });

/**
 * The signed-in user for a page's guard: from the cache, else asked once. Called outside the query
 * cache's error hook, so that a signed-out first visit is one redirect, not two.
 */
export async function loadMe(queryClient: QueryClient): Promise<MeResponse> {
  const cached = queryClient.getQueryData<MeResponse>(meKeys.all);
  if (cached) return cached;
  const me = await consoleCall('consoleGetMe');
  queryClient.setQueryData(meKeys.all, me);
  return me;
}
