import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleCall, consoleUrl, csvFlavourQuery } from '../../../shared/api/console-client';
import { type UsageSearch, usageQuery } from '../usage-search';

export const USAGE_PAGE_SIZE = 50;

/** The account's ledger newest first, one keyset page per cursor (undefined: the newest page). */
export const usageKeys = {
  all: ['usage'] as const,
  page: (search: UsageSearch, cursor: string | undefined) => [...usageKeys.all, 'page', search, cursor ?? null] as const,
};

export const usagePageQueryOptions = (search: UsageSearch, cursor?: string) =>
  queryOptions({
    queryKey: usageKeys.page(search, cursor),
    queryFn: () => consoleCall('consoleListUsage', { query: { ...usageQuery(search), cursor, limit: USAGE_PAGE_SIZE } }),
    // The rows shown stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

/** A plain link: the browser downloads the filtered ledger with the session cookie (Content-Disposition: attachment). */
export const usageCsvHref = (search: UsageSearch, flavour = { excel: false }) =>
  consoleUrl('consoleDownloadUsage', { query: { ...usageQuery(search), ...csvFlavourQuery(flavour) } });
