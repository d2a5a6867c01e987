import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';

/** The account at a glance: balance, totals, credits held by running jobs, the last 30 UTC days, the low-balance notice. */
export const overviewKeys = { all: ['overview'] as const, view: () => [...overviewKeys.all, 'view'] as const };

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewKeys.view(),
    queryFn: () => consoleCall('consoleGetOverview'),
    // While a job holds credits, its hold (and the balance) changes as it runs.
    refetchInterval: (query) => (query.state.data?.held.jobs.length ? 5_000 : 60_000),
  });
