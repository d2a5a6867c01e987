import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleCall, consoleUrl, csvFlavourQuery } from '../../../shared/api/console-client';
import { isActive } from '../job-words';
import type { JobsSearch, ScrapeOutcome } from '../jobs-search';
import type { ScrapeJob } from './jobs.types';

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

/**
 * The account's jobs newest first, "Load more" adding the next keyset page. While any job shown is
 * queued or running, every page shown is asked again every 2 s; once none is, the polling stops.
 */
export const jobListQueryOptions = (search: JobsSearch) =>
  infiniteQueryOptions({
    queryKey: jobKeys.list(search),
    queryFn: ({ pageParam }) =>
      consoleCall('consoleListJobs', { query: { type: search.type, status: search.status, cursor: pageParam, limit: JOBS_PAGE_SIZE } }),
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
    queryFn: () => consoleCall('consoleGetExport', { params: { id } }),
    refetchInterval: untilFinished,
    staleTime: 0,
  });

export const scrapeJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKeys.scrape(id),
    queryFn: () => consoleCall('consoleGetScrape', { params: { id } }),
    refetchInterval: untilFinished,
    staleTime: 0,
  });

export const enrichmentJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKeys.enrichment(id),
    queryFn: () => consoleCall('consoleGetEnrichment', { params: { id } }),
    refetchInterval: untilFinished,
    staleTime: 0,
  });

/** A scrape's site texts in order of completion, "Show more" adding the next page from next_offset. */
export const scrapeResultsQueryOptions = (id: string, outcome: ScrapeOutcome | undefined) =>
  infiniteQueryOptions({
    queryKey: jobKeys.scrapeResults(id, outcome),
    queryFn: ({ pageParam }) =>
      consoleCall('consoleGetScrapeResults', { params: { id }, query: { offset: pageParam, limit: RESULTS_PAGE_SIZE, status: outcome } }),
    initialPageParam: 0,
    // A running scrape's last page points on at where the next finished site will be: no more to show yet.
    getNextPageParam: (last) => (last.next_offset !== null && last.items.length > 0 ? last.next_offset : undefined),
    placeholderData: keepPreviousData,
  });

/** Plain links: the browser downloads the file with the session cookie. */
export const exportCsvHref = (id: string, flavour = { excel: false }) =>
  consoleUrl('consoleDownloadExport', { params: { id }, query: csvFlavourQuery(flavour) });
export const enrichmentCsvHref = (id: string, flavour = { excel: false }) =>
  consoleUrl('consoleDownloadEnrichment', { params: { id }, query: csvFlavourQuery(flavour) });
export const scrapeResultsCsvHref = (id: string, flavour = { excel: false }) =>
  consoleUrl('consoleDownloadScrapeResults', { params: { id }, query: csvFlavourQuery(flavour) });
