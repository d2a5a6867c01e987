import type { ContactImport, ContactImportDetail } from '@lead-engine/contracts';
import type { ContactImportRecord } from './contact-imports.repository';

export function toContactImport(record: ContactImportRecord): ContactImport {
  return {
    id: record.id,
    source: record.source,
    status: record.status,
    filename: record.filename,
    total_bytes: record.totalBytes,
    bytes_read: record.bytesRead,
    requested_rows: record.requestedRows,
    seed: record.seed,
    rows_read: record.rowsRead,
    imported: record.imported,
    updated: record.updated,
    rejected: record.rejected,
    urls_dropped: record.urlsDropped,
    note: record.note,
    started_by: record.startedBy,
    created_at: record.createdAt.toISOString(),
    started_at: record.startedAt?.toISOString() ?? null,
    completed_at: record.completedAt?.toISOString() ?? null,
  };
}

export function toContactImportDetail(record: ContactImportRecord): ContactImportDetail {
  return { ...toContactImport(record), rejections: [...record.rejections] };
}
