import type { ConsoleJob } from '@lead-engine/contracts';
import { describeJob, JobSummaryFacts, jobProgressPercent } from '@lead-engine/core';
import type { JobListRow } from './jobs.repository';

function summaryFacts(row: JobListRow): JobSummaryFacts {
  switch (row.type) {
    case 'export':
      return { type: 'export', status: row.status, requestedLimit: row.size, deliveredRows: row.done };
    case 'scrape':
      return { type: 'scrape', total: row.size, done: row.done, ok: row.ok ?? 0 };
    case 'enrichment':
      return { type: 'enrichment', rows: row.size, fields: row.fields ?? 0, filename: row.filename ?? '' };
  }
}

/**
 * Percent done as each job's own status shows it: an export's as GET /api/v1/leads/exports/{id} (what
 * its running delivery last reported, 0 before), a scrape's and an enrichment's from their counts.
 */
function progressOf(row: JobListRow, runningExportProgress: number): number {
  const completed = row.status === 'completed';
  if (row.type === 'export') return completed ? 100 : row.status === 'running' ? jobProgressPercent(runningExportProgress, false) : 0;
  return jobProgressPercent(row.size > 0 ? (row.done / row.size) * 100 : 0, completed);
}

function downloadOf(row: JobListRow): string | null {
  if (row.status !== 'completed') return null;
  if (row.type === 'export') return `/console/api/exports/${row.id}/csv`;
  if (row.type === 'enrichment') return `/console/api/enrichments/${row.id}/csv`;
  return null;
}

/** A job as the Jobs page lists it; `runningExportProgress` matters only for a running export. */
export function toConsoleJob(row: JobListRow, runningExportProgress = 0): ConsoleJob {
  const holding = row.type !== 'export' && (row.status === 'queued' || row.status === 'running');
  return {
    type: row.type,
    id: row.id,
    status: row.status,
    progress: progressOf(row, runningExportProgress),
    summary: describeJob(summaryFacts(row)),
    credits: { held: holding ? row.charged - row.refunded : 0, charged: row.charged, refunded: row.refunded },
    started_by: { key: row.key, user: row.user },
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    download: downloadOf(row),
  };
}
