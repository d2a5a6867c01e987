import type { ConsoleAnswer } from '../../../shared/api/console-client';

export type ScrapeJob = ConsoleAnswer<'consoleGetScrape'>;
export type ScrapeResult = ConsoleAnswer<'consoleGetScrapeResults'>['items'][number];
export type EnrichmentJob = ConsoleAnswer<'consoleGetEnrichment'>;
