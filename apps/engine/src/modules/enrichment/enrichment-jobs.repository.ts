import { Injectable } from '@nestjs/common';
import type { EnrichmentFieldId, FieldReport, JobStatus } from '@lead-engine/contracts';
import { EnrichmentColumns, EnrichmentValues } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';
import { JobRepository } from '../../infrastructure/jobs/job-repository';

export interface EnrichmentJobRecord {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  /** The console user who started it, when it was started in the app. */
  userId: string | null;
  status: JobStatus;
  originalFilename: string;
  headers: string[];
  columns: EnrichmentColumns;
  fields: EnrichmentFieldId[];
  targetIcp: string;
  sellerOffer: string | null;
  userTag: string | null;
  totalRows: number;
  completedRows: number;
  creditsCharged: number;
  creditsRefunded: number;
  fieldReport: FieldReport | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

interface EnrichmentJobRow {
  id: string;
  account_id: string;
  api_key_id: string | null;
  user_id: string | null;
  status: JobStatus;
  original_filename: string;
  headers: string[];
  columns: EnrichmentColumns;
  fields: EnrichmentFieldId[];
  target_icp: string;
  seller_offer: string | null;
  user_tag: string | null;
  total_rows: number;
  completed_rows: number;
  credits_charged: number;
  credits_refunded: number;
  field_report: FieldReport | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

const toRecord = (row: EnrichmentJobRow): EnrichmentJobRecord => ({
  id: row.id,
  accountId: row.account_id,
  apiKeyId: row.api_key_id,
  userId: row.user_id,
  status: row.status,
  originalFilename: row.original_filename,
  headers: row.headers,
  columns: row.columns,
  fields: row.fields,
  targetIcp: row.target_icp,
  sellerOffer: row.seller_offer,
  userTag: row.user_tag,
  totalRows: row.total_rows,
  completedRows: row.completed_rows,
  creditsCharged: row.credits_charged,
  creditsRefunded: row.credits_refunded,
  fieldReport: row.field_report,
  error: row.error,
  createdAt: row.created_at,
  startedAt: row.started_at,
  completedAt: row.completed_at,
});

export interface NewEnrichmentJob {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  userId: string | null;
  originalFilename: string;
  headers: string[];
  columns: EnrichmentColumns;
  fields: EnrichmentFieldId[];
  targetIcp: string;
  sellerOffer: string | null;
  userTag: string | null;
  creditsCharged: number;
}

export interface PendingRow {
  position: number;
  cells: string[];
}

export interface EnrichedRow {
  position: number;
  websiteRead: boolean;
  output: EnrichmentValues;
}

export interface ResultRow {
  position: number;
  cells: string[];
  websiteRead: boolean;
  output: EnrichmentValues;
}

export interface Settlement {
  status: 'completed' | 'failed';
  refunded: number;
  fieldReport: FieldReport | null;
  error: string | null;
  at: Date;
}

const JOB_COLUMNS = `id, account_id, api_key_id, user_id, status, original_filename, headers, columns, fields, target_icp, seller_offer, user_tag,
  total_rows, completed_rows, credits_charged, credits_refunded, field_report, error, created_at, started_at, completed_at`;

@Injectable()
export class EnrichmentJobsRepository extends JobRepository<EnrichmentJobRow, EnrichmentJobRecord> {
  constructor(dataSource: DataSource) {
    super(dataSource, { table: 'enrichment_jobs', columns: JOB_COLUMNS, toJob: toRecord, keepsStart: 'first' });
  }

  /** The job and its rows (1-based positions, in file order), inside the transaction that holds its credits. */
  async create(manager: EntityManager, job: NewEnrichmentJob, rows: readonly string[][]): Promise<EnrichmentJobRecord> {
    const created = await queryRows<EnrichmentJobRow>(
      manager,
      `INSERT INTO enrichment_jobs (id, account_id, api_key_id, user_id, original_filename, headers, columns, fields, target_icp,
         seller_offer, user_tag, total_rows, credits_charged)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${JOB_COLUMNS}`,
      [
        job.id,
        job.accountId,
        job.apiKeyId,
        job.userId,
        job.originalFilename,
        JSON.stringify(job.headers),
        JSON.stringify(job.columns),
        job.fields,
        job.targetIcp,
        job.sellerOffer,
        job.userTag,
        rows.length,
        job.creditsCharged,
      ],
    );
    await queryRows(
      manager,
      `INSERT INTO enrichment_rows (job_id, position, cells)
       SELECT $1, position, cells FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(cells, position)`,
      [job.id, JSON.stringify(rows)],
    );
    return toRecord(created[0]);
  }

  async pendingRows(jobId: string): Promise<PendingRow[]> {
    return queryRows<PendingRow>(
      this.dataSource.manager,
      'SELECT position, cells FROM enrichment_rows WHERE job_id = $1 AND output IS NULL ORDER BY position',
      [jobId],
    );
  }

  /** Writes enriched rows still pending (rows written meanwhile by another run stay as they are) and counts them. */
  async recordRows(manager: EntityManager, jobId: string, rows: readonly EnrichedRow[]): Promise<number> {
    const written = await queryRows<{ position: number }>(
      manager,
      `UPDATE enrichment_rows AS r SET website_read = v.website_read, output = v.output
       FROM jsonb_to_recordset($2::jsonb) AS v(position integer, website_read boolean, output jsonb)
       WHERE r.job_id = $1 AND r.position = v.position AND r.output IS NULL
       RETURNING r.position`,
      [jobId, JSON.stringify(rows.map((row) => ({ position: row.position, website_read: row.websiteRead, output: row.output })))],
    );
    if (written.length > 0) {
      await queryRows(manager, 'UPDATE enrichment_jobs SET completed_rows = completed_rows + $2 WHERE id = $1', [jobId, written.length]);
    }
    return written.length;
  }

  /** Cells filled per field over every row of the job. */
  async filledCells(manager: EntityManager, jobId: string, fields: readonly EnrichmentFieldId[]): Promise<Record<string, number>> {
    const rows = await queryRows<{ field: string; filled: number }>(
      manager,
      `SELECT f.field, count(*) FILTER (WHERE coalesce(r.output ->> f.field, '') <> '')::int AS filled
       FROM unnest($2::text[]) AS f(field) LEFT JOIN enrichment_rows r ON r.job_id = $1
       GROUP BY f.field`,
      [jobId, fields],
    );
    return Object.fromEntries(rows.map((row) => [row.field, row.filled]));
  }

  async settle(manager: EntityManager, id: string, settlement: Settlement): Promise<void> {
    await queryRows(
      manager,
      `UPDATE enrichment_jobs SET status = $2, credits_refunded = $3, field_report = $4, error = $5, completed_at = $6 WHERE id = $1`,
      [
        id,
        settlement.status,
        settlement.refunded,
        settlement.fieldReport ? JSON.stringify(settlement.fieldReport) : null,
        settlement.error,
        settlement.at,
      ],
    );
  }

  /** Finished rows after `afterPosition`, in file order. */
  async resultRows(jobId: string, afterPosition: number, limit: number): Promise<ResultRow[]> {
    const rows = await queryRows<{ position: number; cells: string[]; website_read: boolean | null; output: EnrichmentValues | null }>(
      this.dataSource.manager,
      `SELECT position, cells, website_read, output FROM enrichment_rows
       WHERE job_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
      [jobId, afterPosition, limit],
    );
    return rows.map((row) => ({
      position: row.position,
      cells: row.cells,
      websiteRead: row.website_read === true,
      output: row.output ?? {},
    }));
  }
}
