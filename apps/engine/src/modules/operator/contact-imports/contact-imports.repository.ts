import { Injectable } from '@nestjs/common';
import { CONTACT_IMPORT_REJECTIONS_LISTED } from '@lead-engine/contracts';
import { isUuid } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../../infrastructure/database/query-rows';
import { JobRepository } from '../../../infrastructure/jobs/job-repository';

export type ContactImportStatus = 'queued' | 'running' | 'completed' | 'failed';
export type ContactImportSource = 'file' | 'generated';

export interface ContactImportCounts {
  bytesRead: number;
  rowsRead: number;
  imported: number;
  updated: number;
  rejected: number;
  urlsDropped: number;
  /** The first rejections in file order (CONTACT_IMPORT_REJECTIONS_LISTED at most). */
  rejections: ReadonlyArray<{ line: number; reason: string }>;
}

export interface ContactImportRecord extends ContactImportCounts {
  id: string;
  source: ContactImportSource;
  status: ContactImportStatus;
  startedBy: { id: string; email: string } | null;
  filename: string | null;
  totalBytes: number | null;
  requestedRows: number | null;
  seed: number | null;
  note: string | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

interface ContactImportRow {
  id: string;
  source: ContactImportSource;
  status: ContactImportStatus;
  user_id: string | null;
  user_email: string | null;
  filename: string | null;
  total_bytes: string | null;
  requested_rows: number | null;
  seed: number | null;
  bytes_read: string;
  rows_read: number;
  imported: number;
  updated: number;
  rejected: number;
  urls_dropped: number;
  rejections: Array<{ line: number; reason: string }>;
  note: string | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

const COLUMNS = `i.*, (SELECT u.email FROM users u WHERE u.id = i.user_id) AS user_email`;
const FROM = 'contact_imports i';

const toRecord = (row: ContactImportRow): ContactImportRecord => ({
  id: row.id,
  source: row.source,
  status: row.status,
  startedBy: row.user_id && row.user_email ? { id: row.user_id, email: row.user_email } : null,
  filename: row.filename,
  totalBytes: row.total_bytes === null ? null : Number(row.total_bytes),
  requestedRows: row.requested_rows,
  seed: row.seed,
  bytesRead: Number(row.bytes_read),
  rowsRead: row.rows_read,
  imported: row.imported,
  updated: row.updated,
  rejected: row.rejected,
  urlsDropped: row.urls_dropped,
  rejections: row.rejections,
  note: row.note,
  attempts: row.attempts,
  createdAt: row.created_at,
  startedAt: row.started_at,
  completedAt: row.completed_at,
});

const countsParams = (counts: ContactImportCounts) => [
  counts.bytesRead,
  counts.rowsRead,
  counts.imported,
  counts.updated,
  counts.rejected,
  counts.urlsDropped,
  JSON.stringify(counts.rejections.slice(0, CONTACT_IMPORT_REJECTIONS_LISTED)),
];
const SET_COUNTS = 'bytes_read = $2, rows_read = $3, imported = $4, updated = $5, rejected = $6, urls_dropped = $7, rejections = $8';

/** The operator's contact imports and the files they read, kept in PostgreSQL a part at a time. */
@Injectable()
export class ContactImportsRepository extends JobRepository<ContactImportRow, ContactImportRecord> {
  constructor(dataSource: DataSource) {
    super(dataSource, { table: FROM, columns: COLUMNS, toJob: toRecord, keepsStart: 'first' });
  }

  /** A file import whose file is still arriving: listed nowhere, run by no one. */
  async beginUpload(id: string): Promise<void> {
    await queryRows(this.dataSource.manager, `INSERT INTO contact_imports (id, source) VALUES ($1, 'file')`, [id]);
  }

  async addPart(id: string, part: number, data: Buffer): Promise<void> {
    await queryRows(this.dataSource.manager, 'INSERT INTO contact_import_parts (import_id, part, data) VALUES ($1, $2, $3)', [
      id,
      part,
      data,
    ]);
  }

  /** The upload ended whole: the import may run. */
  async queueUpload(manager: EntityManager, input: { id: string; userId: string; filename: string; totalBytes: number }): Promise<void> {
    await queryRows(
      manager,
      `UPDATE contact_imports SET status = 'queued', user_id = $2, filename = $3, total_bytes = $4 WHERE id = $1 AND status = 'uploading'`,
      [input.id, input.userId, input.filename, input.totalBytes],
    );
  }

  /** An upload that did not end whole goes, with what it stored. */
  async discardUpload(id: string): Promise<void> {
    await queryRows(this.dataSource.manager, `DELETE FROM contact_imports WHERE id = $1 AND status = 'uploading'`, [id]);
  }

  /** Uploads that stopped arriving long ago (their process ended mid-upload); how many went. */
  async discardUploadsBefore(before: Date): Promise<number> {
    const rows = await queryRows(
      this.dataSource.manager,
      `DELETE FROM contact_imports WHERE status = 'uploading' AND created_at < $1 RETURNING id`,
      [before],
    );
    return rows.length;
  }

  async createGeneration(manager: EntityManager, input: { id: string; userId: string; count: number; seed: number }): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO contact_imports (id, source, status, user_id, requested_rows, seed) VALUES ($1, 'generated', 'queued', $2, $3, $4)`,
      [input.id, input.userId, input.count, input.seed],
    );
  }

  /** A part of an import's file, null past the last one. */
  async readPart(id: string, part: number): Promise<Buffer | null> {
    const rows = await queryRows<{ data: Buffer }>(
      this.dataSource.manager,
      'SELECT data FROM contact_import_parts WHERE import_id = $1 AND part = $2',
      [id, part],
    );
    return rows[0]?.data ?? null;
  }

  /** Null for an unknown id, for one that is not a uuid and for an upload still arriving. */
  async findVisible(id: string): Promise<ContactImportRecord | null> {
    if (!isUuid(id)) return null;
    const found = await this.find(id);
    return found && (found.status as string) !== 'uploading' ? found : null;
  }

  async latest(limit: number): Promise<ContactImportRecord[]> {
    const rows = await queryRows<ContactImportRow>(
      this.dataSource.manager,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE i.status <> 'uploading' ORDER BY i.created_at DESC, i.id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toRecord);
  }

  async reportProgress(id: string, counts: ContactImportCounts): Promise<void> {
    await queryRows(this.dataSource.manager, `UPDATE contact_imports SET ${SET_COUNTS} WHERE id = $1 AND status = 'running'`, [
      id,
      ...countsParams(counts),
    ]);
  }

  /** Settles a running or queued import with its counts and drops its file; false when it had settled already. */
  async settle(
    manager: EntityManager,
    id: string,
    outcome: { status: 'completed' | 'failed'; note: string | null; counts: ContactImportCounts | null },
  ): Promise<boolean> {
    const counts = outcome.counts;
    const rows = counts
      ? await queryRows(
          manager,
          `UPDATE contact_imports SET ${SET_COUNTS}, status = $9, note = $10, completed_at = now()
           WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
          [id, ...countsParams(counts), outcome.status, outcome.note],
        )
      : await queryRows(
          manager,
          `UPDATE contact_imports SET status = $2, note = $3, completed_at = now() WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
          [id, outcome.status, outcome.note],
        );
    if (rows.length === 0) return false;
    await queryRows(manager, 'DELETE FROM contact_import_parts WHERE import_id = $1', [id]);
    return true;
  }
}
