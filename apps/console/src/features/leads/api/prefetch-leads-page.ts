import type { QueryClient } from '@tanstack/react-query';
import { filtersOf, LISTED_FILTERS } from '../lead-filter-set';
import { DEFAULT_PAGE_SIZE, type LeadsSearch } from '../leads-search';
import { browseLeadsQueryOptions, filterValuesQueryOptions, leadCountQueryOptions, savedSearchesQueryOptions } from './leads.queries';

/*
 * What the Leads page reads first, asked before its code has loaded: the page's own queries then find them
 * answered or in flight.
 */

/** The count and the page of rows. */
export function prefetchLeadsResults(queryClient: QueryClient, search: LeadsSearch): void {
  const filters = filtersOf(search);
  void queryClient.prefetchQuery(leadCountQueryOptions(filters));
  void queryClient.prefetchQuery(browseLeadsQueryOptions(filters, search.page ?? 1, search.limit ?? DEFAULT_PAGE_SIZE));
}

/** The filters' value lists and the saved searches. */
export function prefetchLeadsFilters(queryClient: QueryClient): void {
  for (const { field } of LISTED_FILTERS) void queryClient.prefetchQuery(filterValuesQueryOptions(field));
  void queryClient.prefetchQuery(savedSearchesQueryOptions());
}
