import type {
  consoleBrowseResponseSchema,
  consoleCountResultSchema,
  consoleExportJobSchema,
  consoleFilterValuesSchema,
} from '@lead-engine/contracts/console';
import type { z } from 'zod';

// The console contracts export these answers as schemas under their console names; the page needs only their types.
export type CountResult = z.infer<typeof consoleCountResultSchema>;
export type BrowseResponse = z.infer<typeof consoleBrowseResponseSchema>;
export type MaskedLead = BrowseResponse['leads'][number];
export type FilterValues = z.infer<typeof consoleFilterValuesSchema>;
export type FilterField = FilterValues['field'];
export type ExportJob = z.infer<typeof consoleExportJobSchema>;
