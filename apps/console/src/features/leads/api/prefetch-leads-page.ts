import type { QueryClient } from '@tanstack/react-query';
import { filtersOf, LISTED_FILTERS } from '../lead-filter-set';
import { DEFAULT_PAGE_SIZE, type LeadsSearch } from '../leads-search';
import { browseLeadsQueryOptions, filterValuesQueryOptions, leadCountQueryOptions, savedSearchesQueryOptions } from './leads.queries';

/**
 * What the Leads page reads first, asked while its code is still loading: the count, the page of rows, the
 * filters' value lists and the saved searches. The page's own queries then find them answered or in flight.
 */
export function prefetchLeadsPage(queryClient: QueryClient, search: LeadsSearch): void {
  const filters = filtersOf(search);
  void queryClient.prefetchQuery(leadCountQueryOptions(filters));
  void queryClient.prefetchQuery(browseLeadsQueryOptions(filters, search.page ?? 1, search.limit ?? DEFAULT_PAGE_SIZE));
  for (const { field } of LISTED_FILTERS) void queryClient.prefetchQuery(filterValuesQueryOptions(field));
  void queryClient.prefetchQuery(savedSearchesQueryOptions());
}
