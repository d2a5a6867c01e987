import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';

/** The state of the server (operators only: anyone else is answered 403 FORBIDDEN). */
export const operatorSystemKeys = { all: ['operator-system'] as const, view: () => [...operatorSystemKeys.all, 'view'] as const };

export const operatorSystemQueryOptions = () =>
  queryOptions({
    queryKey: operatorSystemKeys.view(),
    queryFn: () => consoleCall('operatorGetSystem'),
    // Each engine process reports itself every 10 seconds: the page follows at the same pace.
    refetchInterval: 10_000,
    staleTime: 0,
  });
