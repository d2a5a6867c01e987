import type { ConsoleJob, ConsoleJobType } from '@lead-engine/contracts/console';
import { z } from 'zod';
import { lazySchema } from '../../shared/lib/lazy-schema';

// Written out rather than imported from the contracts: the route validates these in the first page's code,
// and importing the contracts' jobs module there would bring its schemas into it.
export const JOB_TYPES = ['export', 'scrape', 'enrichment'] as const satisfies ReadonlyArray<ConsoleJobType>;
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const satisfies ReadonlyArray<ConsoleJob['status']>;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const SCRAPE_OUTCOMES = ['ok', 'no_content', 'blocked', 'invalid'] as const;
export type ScrapeOutcome = (typeof SCRAPE_OUTCOMES)[number];

/**
 * The Jobs page's filters, kept in the URL (a filtered list is a link). A value that does not parse is
 * dropped rather than refused, so that an old or edited link still opens the page.
 */
const jobsSearchObject = () =>
  z.object({
    type: z.enum(JOB_TYPES).optional().catch(undefined),
    status: z.enum(JOB_STATUSES).optional().catch(undefined),
  });
export const jobsSearchSchema = lazySchema(jobsSearchObject);
export type JobsSearch = z.infer<ReturnType<typeof jobsSearchObject>>;

/** A job's page: a scrape's results filtered by outcome. */
const jobSearchObject = () =>
  z.object({
    outcome: z.enum(SCRAPE_OUTCOMES).optional().catch(undefined),
  });
export const jobSearchSchema = lazySchema(jobSearchObject);
export type JobSearch = z.infer<ReturnType<typeof jobSearchObject>>;

export const isJobType = (value: string): value is ConsoleJobType => (JOB_TYPES as readonly string[]).includes(value);
