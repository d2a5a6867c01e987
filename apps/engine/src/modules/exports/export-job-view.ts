import type { ExportJob } from '@lead-engine/contracts';
import type { ExportRecord } from './exports.repository';

/** The camelCase export job of the API; `progress` comes from the running delivery while there is one. */
export function toExportJob(record: ExportRecord, runningProgress: number): ExportJob {
  const completed = record.status === 'completed';
  return {
    id: record.id,
    status: record.status,
    requestedLimit: record.requestedLimit,
    progress: completed ? 100 : record.status === 'running' ? Math.min(99, runningProgress) : 0,
    deliveredRows: record.deliveredRows,
    creditsCharged: record.creditsCharged,
    capped: record.capped,
    filename: record.filename,
    note: record.note,
    downloadable: completed,
    createdAt: record.createdAt.toISOString(),
    completedAt: record.completedAt ? record.completedAt.toISOString() : null,
  };
}
