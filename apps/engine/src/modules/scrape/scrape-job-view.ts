import type { ScrapeJob } from '@lead-engine/contracts';
import type { ScrapeJobRecord } from './scrape-jobs.repository';

export function toScrapeJob(record: ScrapeJobRecord): ScrapeJob {
  return {
    id: record.id,
    status: record.status,
    total: record.total,
    done: record.done,
    ok: record.ok,
    blocked: record.blocked,
    no_content: record.noContent,
    invalid: record.invalid,
    progress_pct: Math.floor((record.done / record.total) * 1000) / 10,
    credits_charged: record.creditsCharged,
    credits_refunded: record.creditsRefunded,
    created_at: record.createdAt.toISOString(),
    completed_at: record.completedAt ? record.completedAt.toISOString() : null,
  };
}
