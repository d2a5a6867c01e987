import type { EnrichmentJobCreated, EnrichmentJobListEntry, EnrichmentJobStatus } from '@lead-engine/contracts';
import { enrichmentPace, progressPercent } from '@lead-engine/core';
import type { EnrichmentJobRecord } from './enrichment-jobs.repository';

const pollUrl = (id: string) => `/api/v1/enrich-csv/jobs/${id}`;
const csvUrl = (id: string) => `/api/v1/enrich-csv/jobs/${id}/csv`;

function stage(record: EnrichmentJobRecord): { stage: string; stage_done: number; stage_total: number } {
  const total = record.totalRows;
  switch (record.status) {
    case 'queued':
      return { stage: 'queued', stage_done: 0, stage_total: total };
    case 'running':
      return record.completedRows < total
        ? { stage: 'enriching', stage_done: record.completedRows, stage_total: total }
        : { stage: 'settling', stage_done: record.completedRows, stage_total: total };
    default:
      return { stage: record.status, stage_done: record.completedRows, stage_total: total };
  }
}

function core(record: EnrichmentJobRecord) {
  return {
    id: record.id,
    backend_job_id: `enrichment:${record.id}`,
    status: record.status,
    original_filename: record.originalFilename,
    total_rows: record.totalRows,
    completed_rows: record.completedRows,
    progress_pct: record.status === 'completed' ? 100 : progressPercent(record.completedRows, record.totalRows),
    fields: record.fields,
    target_icp: record.targetIcp,
    seller_offer_set: record.sellerOffer !== null,
    user_tag: record.userTag,
    credits_charged: record.creditsCharged,
    credits_refunded: record.creditsRefunded,
    ...stage(record),
    error: record.error,
    created_at: record.createdAt.toISOString(),
  };
}

export function toEnrichmentJobCreated(record: EnrichmentJobRecord, costExplained: string, estimatedSeconds: number): EnrichmentJobCreated {
  return {
    ...core(record),
    cost_explained: costExplained,
    estimated_seconds: estimatedSeconds,
    poll_url: pollUrl(record.id),
    download_url_when_done: csvUrl(record.id),
  };
}

export function toEnrichmentJobStatus(record: EnrichmentJobRecord, now: Date): EnrichmentJobStatus {
  const end = record.completedAt ?? now;
  const elapsed = record.startedAt ? Math.max(0, Math.round((end.getTime() - record.startedAt.getTime()) / 100) / 10) : null;
  const pace =
    record.status === 'failed'
      ? { rate_per_second: null, eta_seconds: null, eta_low_seconds: null, eta_high_seconds: null }
      : enrichmentPace(record.status === 'completed' ? record.totalRows : record.completedRows, record.totalRows, elapsed);
  return {
    ...core(record),
    elapsed_seconds: elapsed,
    ...pace,
    field_report: record.fieldReport,
    download_url: record.status === 'completed' ? csvUrl(record.id) : null,
  };
}

export function toEnrichmentJobListEntry(record: EnrichmentJobRecord): EnrichmentJobListEntry {
  return {
    ...core(record),
    credits_net: record.creditsCharged - record.creditsRefunded,
    completed_at: record.completedAt ? record.completedAt.toISOString() : null,
    poll_url: pollUrl(record.id),
    download_url: record.status === 'completed' ? csvUrl(record.id) : null,
  };
}
