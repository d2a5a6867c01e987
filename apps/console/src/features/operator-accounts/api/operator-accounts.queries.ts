import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';

export const OPERATOR_ACCOUNTS_PAGE_SIZE = 25;

/** Every account as the operator finds them, and one account's page (operators only: anyone else is answered 403). */
export const operatorAccountKeys = {
  all: ['operator-accounts'] as const,
  search: (q: string) => [...operatorAccountKeys.all, 'search', q] as const,
  detail: (id: string) => [...operatorAccountKeys.all, 'detail', id] as const,
};

/** Newest account first; "Load more" follows next_cursor. */
export const operatorAccountSearchQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: operatorAccountKeys.search(q),
    queryFn: ({ pageParam }) =>
      consoleCall('operatorSearchAccounts', { query: { q: q || undefined, cursor: pageParam, limit: OPERATOR_ACCOUNTS_PAGE_SIZE } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const operatorAccountQueryOptions = (id: string) =>
  queryOptions({ queryKey: operatorAccountKeys.detail(id), queryFn: () => consoleCall('operatorGetAccount', { params: { id } }) });
