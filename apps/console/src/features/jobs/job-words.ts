import type { ConsoleJob, ConsoleJobType } from '@lead-engine/contracts/console';
import { scrapeReasonWords } from '@lead-engine/core/scrape-reason-words';
import type { ScrapeResult } from './api/jobs.types';
import type { JobStatus, ScrapeOutcome } from './jobs-search';

export const number = new Intl.NumberFormat('en-US');

export const TYPE_LABELS: Record<ConsoleJobType, string> = { export: 'Export', scrape: 'Scrape', enrichment: 'Enrichment' };
export const TYPE_PLURALS: Record<ConsoleJobType, string> = { export: 'Exports', scrape: 'Scrapes', enrichment: 'Enrichments' };
export const STATUS_LABELS: Record<JobStatus, string> = { queued: 'Queued', running: 'Running', completed: 'Completed', failed: 'Failed' };
export const OUTCOME_LABELS: Record<ScrapeOutcome, string> = {
  ok: 'Text',
  no_content: 'No text',
  blocked: 'Blocked',
  invalid: 'Invalid',
};

/** "Blocked · the site answered 403", "Invalid · not a host name", "Text". */
export function outcomeWords(item: Pick<ScrapeResult, 'status' | 'reason' | 'http_status'>): string {
  const reason = scrapeReasonWords(item.reason, item.http_status);
  return reason ? `${OUTCOME_LABELS[item.status]} · ${reason}` : OUTCOME_LABELS[item.status];
}

export const isActive = (status: JobStatus) => status === 'queued' || status === 'running';

/** "Scrape 3f2a9c1e". */
export const jobTitle = (type: ConsoleJobType, id: string) => `${TYPE_LABELS[type]} ${id.slice(0, 8)}`;

/** The Usage page's filter for a job's ledger entries: its hold, spend and refunds together. */
export const usageJobFilter = (type: ConsoleJobType, id: string) => `${type}:${id}`;

/** "12 held · 3 charged · 1 refunded", only the non-zero ones; "none" when it moved nothing. */
export function creditWords(credits: ConsoleJob['credits']): string {
  const parts = (['held', 'charged', 'refunded'] as const)
    .filter((movement) => credits[movement] > 0)
    .map((movement) => `${number.format(credits[movement])} ${movement}`);
  return parts.length ? parts.join(' · ') : 'none';
}

/** "key Reveal key · Olivia Owner", "in the app · Olivia Owner" or "CLI". */
export function startedByWords({ key, user }: ConsoleJob['started_by']): string {
  if (key) return user ? `key ${key.name} · ${user.name}` : `key ${key.name}`;
  if (user) return `in the app · ${user.name}`;
  return 'CLI';
}

/** "45 seconds", "3 minutes", "2 hours". */
export function formatDuration(seconds: number): string {
  const rounded = Math.max(1, Math.round(seconds));
  if (rounded < 60) return `${rounded} second${rounded === 1 ? '' : 's'}`;
  const minutes = Math.round(rounded / 60);
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
