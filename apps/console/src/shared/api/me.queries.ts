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

let askedAhead: Promise<MeResponse> | undefined;

/**
 * Asks who is signed in as soon as the app's code starts to run, before React and the router have: the
 * first page's guard takes this answer instead of asking then.
 */
export function askMeAhead(): void {
  askedAhead = consoleCall('consoleGetMe');
  // Its failure is the guard's to handle, when it takes it.
  askedAhead.catch(() => undefined);
}

/**
 * The signed-in user for a page's guard: from the cache, else asked once. Called outside the query
 * cache's error hook, so that a signed-out first visit is one redirect, not two.
 */
export async function loadMe(queryClient: QueryClient): Promise<MeResponse> {
  const cached = queryClient.getQueryData<MeResponse>(meKeys.all);
  if (cached) return cached;
  const asking = askedAhead ?? consoleCall('consoleGetMe');
  askedAhead = undefined;
  const me = await asking;
  queryClient.setQueryData(meKeys.all, me);
  return me;
}
