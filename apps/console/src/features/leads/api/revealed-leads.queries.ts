import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleCall, consoleUrl, csvFlavourQuery } from '../../../shared/api/console-client';
import type { RevealedSearch } from '../revealed-search';

/** The selection as the engine's query: its booleans are words in a URL. */
function queryOf(search: RevealedSearch) {
  const { exactMatch, matchAny, ...rest } = search;
  return {
    ...rest,
    exactMatch: exactMatch === undefined ? undefined : exactMatch ? ('true' as const) : ('false' as const),
    matchAny: matchAny === undefined ? undefined : matchAny ? ('true' as const) : ('false' as const),
  };
}

export const revealedLeadsQueryOptions = (search: RevealedSearch, cursor: string | null, limit: number) =>
  queryOptions({
    queryKey: ['leads', 'revealed', search, cursor, limit] as const,
    queryFn: () => consoleCall('consoleListRevealedLeads', { query: { ...queryOf(search), cursor: cursor ?? undefined, limit } }),
    placeholderData: keepPreviousData,
  });

/** A plain link: the browser downloads every match with the session cookie. */
export const revealedLeadsCsvHref = (search: RevealedSearch, flavour = { excel: false }) =>
  consoleUrl('consoleDownloadRevealedLeads', { query: { ...queryOf(search), ...csvFlavourQuery(flavour) } });
