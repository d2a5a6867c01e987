import { z } from 'zod';
import { lazySchema } from '../../shared/lib/lazy-schema';
import { leadsSearchSchema } from './leads-search';

/**
 * The Revealed leads page's selection, kept in the URL: the Leads filters (but the per-company cap, which
 * limits what browse offers, not what is yours), a text search, and one reveal's or export's leads.
 */
const revealedSearchObject = () =>
  leadsSearchSchema
    .schema()
    .omit({ maxPerCompany: true, page: true, limit: true })
    .extend({
      q: z.string().trim().max(200).optional().catch(undefined),
      reference: z
        .string()
        .regex(/^(reveal|export):[0-9a-f-]{36}$/)
        .optional()
        .catch(undefined),
    });
export const revealedSearchSchema = lazySchema(revealedSearchObject);
export type RevealedSearch = z.infer<ReturnType<typeof revealedSearchObject>>;
