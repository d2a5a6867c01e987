import type { ConsoleJobPage } from '@lead-engine/contracts/console';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleApi } from '../../../shared/api/console-client';
import { isActive } from '../job-words';
import type { JobsSearch, ScrapeOutcome } from '../jobs-search';
import type { EnrichmentJob, ExportJob, ScrapeJob, ScrapeResults } from './jobs.types';

export const JOBS_PAGE_SIZE = 25;
export const RESULTS_PAGE_SIZE = 50;
/** How often a queued or running job is asked again. */
export const LIVE_INTERVAL_MS = 2000;

/** The Jobs page's reads: the list (one keyset page per cursor), each kind of job, a scrape's results. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (search: JobsSearch) => [...jobKeys.lists(), search] as const,
  export: (id: string) => [...jobKeys.all, 'export', id] as const,
  scrape: (id: string) => [...jobKeys.all, 'scrape', id] as const,
  scrapeResults: (id: string, outcome: ScrapeOutcome | undefined) => [...jobKeys.all, 'scrape', id, 'results', outcome ?? null] as const,
  enrichment: (id: string) => [...jobKeys.all, 'enrichment', id] as const,
};

function jobsQueryString(search: JobsSearch, cursor: string | undefined): string {
  const params = new URLSearchParams();
  if (search.type) params.set('type', search.type);
  if (search.status) params.set('status', search.status);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(JOBS_PAGE_SIZE));
  return `?${params}`;
}

/**
 * The account's jobs newest first, "Load more" adding the next keyset page. While any job shown is
 * queued or running, every page shown is asked again every 2 s; once none is, the polling stops.
 */
export const jobListQueryOptions = (search: JobsSearch) =>
  infiniteQueryOptions({
    queryKey: jobKeys.list(search),
    queryFn: ({ pageParam }) => consoleApi<ConsoleJobPage>('GET', `/jobs${jobsQueryString(search, pageParam)}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((job) => isActive(job.status))) ? LIVE_INTERVAL_MS : false,
    staleTime: 0,
    // The jobs shown stay while another filter loads.
    placeholderData: keepPreviousData,
  });

/** Asked again every 2 s until the job completed or failed. */
const untilFinished = (query: { state: { data?: { status: ScrapeJob['status'] } } }) =>
  query.state.data && !isActive(query.state.data.status) ? false : LIVE_INTERVAL_MS;

export const exportJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKeys.export(id),
    queryFn: () => consoleApi<ExportJob>('GET', `/exports/${encodeURIComponent(id)}`),
    refetchInterval: untilFinished,
    staleTime: 0,
  });

export const scrapeJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKeys.scrape(id),
    queryFn: () => consoleApi<ScrapeJob>('GET', `/scrapes/${encodeURIComponent(id)}`),
    refetchInterval: untilFinished,
    staleTime: 0,
  });

export const enrichmentJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKeys.enrichment(id),
    queryFn: () => consoleApi<EnrichmentJob>('GET', `/enrichments/${encodeURIComponent(id)}`),
    refetchInterval: untilFinished,
    staleTime: 0,
  });

/** A scrape's site texts in order of completion, "Show more" adding the next page from next_offset. */
export const scrapeResultsQueryOptions = (id: string, outcome: ScrapeOutcome | undefined) =>
  infiniteQueryOptions({
    queryKey: jobKeys.scrapeResults(id, outcome),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ offset: String(pageParam), limit: String(RESULTS_PAGE_SIZE) });
      if (outcome) params.set('status', outcome);
      return consoleApi<ScrapeResults>('GET', `/scrapes/${encodeURIComponent(id)}/results?${params}`);
    },
    initialPageParam: 0,
    // A running scrape's last page points on at where the next finished site will be: no more to show yet.
    getNextPageParam: (last) => (last.next_offset !== null && last.items.length > 0 ? last.next_offset : undefined),
    placeholderData: keepPreviousData,
  });

/** Plain links: the browser downloads the file with the session cookie. */
export const exportCsvHref = (id: string) => `/console/api/exports/${encodeURIComponent(id)}/csv`;
export const enrichmentCsvHref = (id: string) => `/console/api/enrichments/${encodeURIComponent(id)}/csv`;
