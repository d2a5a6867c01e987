import type { UsageKind } from '@lead-engine/contracts/console';
import { z } from 'zod';
import { lazySchema } from '../../shared/lib/lazy-schema';

export const KIND_LABELS: Record<UsageKind, string> = {
  reveal: 'Reveal',
  export: 'Export',
  scrape: 'Scrape',
  enrichment: 'Enrichment',
  icp: 'ICP',
  allowance: 'Credits added',
};

// From the labels rather than the contracts: the route validates these in the first page's code, and
// importing the contracts' usage module there would bring its schemas into it.
const USAGE_KINDS = Object.keys(KIND_LABELS) as [UsageKind, ...UsageKind[]];

/**
 * The Usage page's filters, kept in the URL (a filtered ledger is a link). A value that does not parse
 * is dropped rather than refused, so that an old or edited link still opens the page.
 */
const usageSearchObject = () =>
  z.object({
    kind: z
      .union([z.enum(USAGE_KINDS), z.array(z.enum(USAGE_KINDS))])
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
export const usageSearchSchema = lazySchema(usageSearchObject);
export type UsageSearch = z.infer<ReturnType<typeof usageSearchObject>>;

/** The filters as /console/api/usage and /usage/csv take them: empty values left out. */
export const usageQuery = (search: UsageSearch) => ({
  kind: search.kind,
  key: search.key || undefined,
  user: search.user || undefined,
  job: search.job || undefined,
  from: search.from || undefined,
  to: search.to || undefined,
});
