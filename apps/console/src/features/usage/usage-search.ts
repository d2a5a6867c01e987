import { type UsageKind, usageKindSchema } from '@lead-engine/contracts/console';
import { z } from 'zod';

/**
 * The Usage page's filters, kept in the URL (a filtered ledger is a link). A value that does not parse
 * is dropped rather than refused, so that an old or edited link still opens the page.
 */
export const usageSearchSchema = z.object({
  kind: z
    .union([usageKindSchema, z.array(usageKindSchema)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional()
    .catch(undefined),
  key: z.uuid().optional().catch(undefined),
  user: z.uuid().optional().catch(undefined),
  job: z
    .string()
    .regex(/^(export|scrape|enrichment):[0-9a-f-]{36}$/)
    .optional()
    .catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
});
export type UsageSearch = z.infer<typeof usageSearchSchema>;

export const KIND_LABELS: Record<UsageKind, string> = {
  reveal: 'Reveal',
  export: 'Export',
  scrape: 'Scrape',
  enrichment: 'Enrichment',
  icp: 'ICP',
  allowance: 'Credits added',
};

/** The filters as /console/api/usage and /usage/csv take them: empty values left out. */
export const usageQuery = (search: UsageSearch) => ({
  kind: search.kind,
  key: search.key || undefined,
  user: search.user || undefined,
  job: search.job || undefined,
  from: search.from || undefined,
  to: search.to || undefined,
});
