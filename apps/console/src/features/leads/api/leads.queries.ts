import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleCall, consoleUrl, csvFlavourQuery } from '../../../shared/api/console-client';
import type { LeadFilters } from '../lead-filter-set';
import type { FilterField } from './leads.types';

/** The Leads page's reads: filter values, the count, a page of masked leads, an export's status, saved searches. */
export const leadKeys = {
  all: ['leads'] as const,
  filterValues: (field: FilterField) => [...leadKeys.all, 'filter-values', field] as const,
  count: (filters: LeadFilters) => [...leadKeys.all, 'count', filters] as const,
  browse: (filters: LeadFilters, page: number, limit: number) => [...leadKeys.all, 'browse', filters, page, limit] as const,
  export: (id: string) => [...leadKeys.all, 'export', id] as const,
  savedSearches: () => [...leadKeys.all, 'saved-searches'] as const,
};

export const filterValuesQueryOptions = (field: FilterField) =>
  queryOptions({
    queryKey: leadKeys.filterValues(field),
    queryFn: () => consoleCall('consoleListFilterValues', { query: { field } }),
    // The values change when contacts are imported, not while a person picks filters.
    staleTime: 5 * 60_000,
  });

export const leadCountQueryOptions = (filters: LeadFilters) =>
  queryOptions({
    queryKey: leadKeys.count(filters),
    queryFn: () => consoleCall('consoleCountLeads', { body: filters }),
    // The number shown stays while the next one is counted.
    placeholderData: keepPreviousData,
  });

export const browseLeadsQueryOptions = (filters: LeadFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: leadKeys.browse(filters, page, limit),
    queryFn: () => consoleCall('consoleBrowseLeads', { body: { ...filters, page, limit } }),
    placeholderData: keepPreviousData,
  });

const FINISHED = new Set(['completed', 'failed']);

/** An export's status, asked every 1.5 s until it completed or failed. */
export const exportJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadKeys.export(id),
    queryFn: () => consoleCall('consoleGetExport', { params: { id } }),
    refetchInterval: (query) => (query.state.data && FINISHED.has(query.state.data.status) ? false : 1500),
    staleTime: 0,
  });

/** A plain link: the browser downloads the export's CSV with the session cookie. */
export const exportCsvHref = (id: string, flavour = { excel: false }) =>
  consoleUrl('consoleDownloadExport', { params: { id }, query: csvFlavourQuery(flavour) });

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.savedSearches(),
    queryFn: () => consoleCall('consoleListSavedSearches'),
  });

/**
 * What exporting the matches up to `limit` costs now, and the balance. Asking creates a quote (kept 10
 * minutes) and charges nothing; each open dialog asks afresh and the answer is not kept after it closes.
 */
export const exportQuoteQueryOptions = (filters: LeadFilters, limit: number) =>
  queryOptions({
    queryKey: [...leadKeys.all, 'export-quote', filters, limit] as const,
    queryFn: () => consoleCall('consoleQuoteExport', { body: { ...filters, limit } }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** What revealing these leads costs now, and the balance: a quote kept 10 minutes; nothing is charged. */
export const revealQuoteQueryOptions = (leadIds: string[]) =>
  queryOptions({
    queryKey: [...leadKeys.all, 'reveal-quote', leadIds] as const,
    queryFn: () => consoleCall('consoleQuoteReveal', { body: { leadIds } }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
