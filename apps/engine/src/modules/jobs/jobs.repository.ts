import { Injectable } from '@nestjs/common';
import type { ConsoleJobType, JobStatus } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { queryPooled } from '../../infrastructure/database/query-rows';
import type { JobPosition } from './jobs-cursor';
import { userNameSql } from '../../infrastructure/database/user-name-sql';

export interface JobListFilters {
  accountId: string;
  type?: ConsoleJobType;
  status?: JobStatus;
}

/** One job of any type, in the columns the three tables share and those its words and progress need. */
export interface JobListRow {
  type: ConsoleJobType;
  id: string;
  status: JobStatus;
  /** created_at exactly as PostgreSQL printed it, for the next page's cursor. */
  at: string;
  createdAt: Date;
  completedAt: Date | null;
  /** An export's requested limit, a scrape's sites, an enrichment's rows. */
  size: number;
  /** An export's delivered rows, a scrape's finished sites, an enrichment's enriched rows. */
  done: number;
  /** A scrape's sites read with text; null for the other types. */
  ok: number | null;
  /** An enrichment's fields; null for the other types. */
  fields: number | null;
  /** An enrichment's uploaded file name; null for the other types. */
  filename: string | null;
  charged: number;
  refunded: number;
  key: { id: string; name: string } | null;
  user: { id: string; name: string } | null;
}

/**
 * One select per job table, each naming every column, as any one of them may stand alone. Each records
 * the app user who started it in the app (no key), or the key it was started through.
 */
const BRANCHES: Record<ConsoleJobType, string> = {
  export: `SELECT 'export' AS type, id, status, created_at, completed_at, api_key_id, user_id,
             requested_limit AS size, delivered_rows AS done, NULL::int AS ok, NULL::int AS fields, NULL::text AS filename,
             credits_charged AS charged, 0 AS refunded
           FROM exports`,
  scrape: `SELECT 'scrape' AS type, id, status, created_at, completed_at, api_key_id, user_id,
             total AS size, done, ok, NULL::int AS fields, NULL::text AS filename,
             credits_charged AS charged, credits_refunded AS refunded
           FROM scrape_jobs`,
  enrichment: `SELECT 'enrichment' AS type, id, status, created_at, completed_at, api_key_id, user_id,
                 total_rows AS size, completed_rows AS done, NULL::int AS ok, cardinality(fields) AS fields, original_filename AS filename,
                 credits_charged AS charged, credits_refunded AS refunded
               FROM enrichment_jobs`,
};

/** Reads of the account's exports, scrapes and enrichments together, for the Jobs page. */
@Injectable()
export class JobsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Up to `limit` jobs older than `after`, newest first by (created_at, id). Each table gives its own
   * newest `limit` through its (account_id, created_at) index, so a page reads at most 3 × limit rows
   * however many jobs the account has (with a status filter, also the newer jobs of other statuses it
   * steps over); the union is then ordered and cut again.
   */
  async page(filters: JobListFilters, after: JobPosition | null, limit: number): Promise<JobListRow[]> {
    const params: unknown[] = [filters.accountId, limit];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = ['account_id = $1'];
    if (filters.status) where.push(`status = ${param(filters.status)}`);
    if (after) where.push(`(created_at, id) < (${param(after.at)}::timestamptz, ${param(after.id)}::uuid)`);
    const types = filters.type ? [filters.type] : (Object.keys(BRANCHES) as ConsoleJobType[]);
    const branches = types.map((type) => `(${BRANCHES[type]} WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $2)`);
    const rows = await queryPooled(
      this.dataSource,
      `SELECT j.type, j.id, j.status, j.created_at::text AS at, j.created_at, j.completed_at, j.size, j.done, j.ok, j.fields,
              j.filename, j.charged, j.refunded, k.id AS key_id, k.name AS key_name, u.id AS user_id, ${userNameSql('u')} AS user_name
       FROM (${branches.join(' UNION ALL ')}) j
       LEFT JOIN api_keys k ON k.id = j.api_key_id AND k.account_id = $1
       LEFT JOIN users u ON u.id = COALESCE(k.created_by_user_id, j.user_id)
       ORDER BY j.created_at DESC, j.id DESC
       LIMIT $2`,
      params,
    );
    return rows.map((row) => ({
      type: row.type,
      id: row.id,
      status: row.status,
      at: row.at,
      createdAt: row.created_at,
      completedAt: row.completed_at,
      size: Number(row.size),
      done: Number(row.done),
      ok: row.ok === null ? null : Number(row.ok),
      fields: row.fields === null ? null : Number(row.fields),
      filename: row.filename,
      charged: Number(row.charged),
      refunded: Number(row.refunded),
      key: row.key_id ? { id: row.key_id, name: row.key_name } : null,
      user: row.user_id ? { id: row.user_id, name: row.user_name } : null,
    }));
  }
}
