import type {
  consoleEnrichmentJobSchema,
  consoleExportJobSchema,
  consoleScrapeJobSchema,
  consoleScrapeResultsSchema,
} from '@lead-engine/contracts/console';
import type { z } from 'zod';

// The console contracts export these answers as schemas under their console names; the page needs only their types.
export type ExportJob = z.infer<typeof consoleExportJobSchema>;
export type ScrapeJob = z.infer<typeof consoleScrapeJobSchema>;
export type ScrapeResults = z.infer<typeof consoleScrapeResultsSchema>;
export type ScrapeResult = ScrapeResults['items'][number];
export type EnrichmentJob = z.infer<typeof consoleEnrichmentJobSchema>;
