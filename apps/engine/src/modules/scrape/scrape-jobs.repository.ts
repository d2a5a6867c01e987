import { Injectable } from '@nestjs/common';
import type { ScrapeOutcome, ScrapeReason } from '@lead-engine/contracts';
import { ScrapeTarget } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';
import { JobRepository } from '../../infrastructure/jobs/job-repository';

export type ScrapeJobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface ScrapeJobRecord {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  /** The console user who started it, when it was started in the app. */
  userId: string | null;
  status: ScrapeJobStatus;
  total: number;
  done: number;
  ok: number;
  blocked: number;
  noContent: number;
  invalid: number;
  creditsCharged: number;
  creditsRefunded: number;
  createdAt: Date;
  completedAt: Date | null;
}

interface ScrapeJobRow {
  id: string;
  account_id: string;
  api_key_id: string | null;
  user_id: string | null;
  status: ScrapeJobStatus;
  total: number;
  done: number;
  ok: number;
  blocked: number;
  no_content: number;
  invalid: number;
  credits_charged: number;
  credits_refunded: number;
  created_at: Date;
  completed_at: Date | null;
}

const toRecord = (row: ScrapeJobRow): ScrapeJobRecord => ({
  id: row.id,
  accountId: row.account_id,
  apiKeyId: row.api_key_id,
  userId: row.user_id,
  status: row.status,
  total: row.total,
  done: row.done,
  ok: row.ok,
  blocked: row.blocked,
  noContent: row.no_content,
  invalid: row.invalid,
  creditsCharged: row.credits_charged,
  creditsRefunded: row.credits_refunded,
  createdAt: row.created_at,
  completedAt: row.completed_at,
});

export interface PendingItem {
  position: number;
  domain: string;
  /** False when the input named no host: it is invalid without being read. */
  isHost: boolean;
}

export interface FinishedItem {
  position: number;
  outcome: ScrapeOutcome;
  /** The reason the API reports; null when ok. */
  cause: ScrapeReason | null;
  httpStatus: number | null;
  /** The detail for operators. */
  reason: string;
  cached: boolean;
}

export interface ResultRow {
  domain: string;
  outcome: ScrapeOutcome;
  /** Null for ok, and for items finished before reasons were kept. */
  cause: ScrapeReason | null;
  httpStatus: number | null;
  cached: boolean;
  text: string | null;
}

const RESULT_COLUMNS = 'i.domain, i.outcome, i.reason_code AS cause, i.http_status AS "httpStatus", i.cached, t.text';

const JOB_COLUMNS = `id, account_id, api_key_id, user_id, status, total, done, ok, blocked, no_content, invalid, credits_charged,
  credits_refunded, created_at, completed_at`;

@Injectable()
export class ScrapeJobsRepository extends JobRepository<ScrapeJobRow, ScrapeJobRecord> {
  constructor(dataSource: DataSource) {
    super(dataSource, { table: 'scrape_jobs', columns: JOB_COLUMNS, toJob: toRecord, keepsStart: 'first' });
  }

  /** The job and one item per target, in input order, inside the transaction that holds its credits. */
  async create(
    manager: EntityManager,
    job: { id: string; accountId: string; apiKeyId: string | null; userId: string | null; targets: ScrapeTarget[] },
  ): Promise<ScrapeJobRecord> {
    const rows = await queryRows<ScrapeJobRow>(
      manager,
      `INSERT INTO scrape_jobs (id, account_id, api_key_id, user_id, total, credits_charged) VALUES ($1, $2, $3, $4, $5, $5)
       RETURNING ${JOB_COLUMNS}`,
      [job.id, job.accountId, job.apiKeyId, job.userId, job.targets.length],
    );
    await queryRows(
      manager,
      `INSERT INTO scrape_job_items (job_id, position, domain, is_host)
       SELECT $1, position, domain, is_host FROM unnest($2::text[], $3::boolean[]) WITH ORDINALITY AS t(domain, is_host, position)`,
      [job.id, job.targets.map((target) => target.domain), job.targets.map((target) => target.host !== null)],
    );
    return toRecord(rows[0]);
  }

  async pendingItems(jobId: string): Promise<PendingItem[]> {
    const rows = await queryRows<{ position: number; domain: string; is_host: boolean }>(
      this.dataSource.manager,
      'SELECT position, domain, is_host FROM scrape_job_items WHERE job_id = $1 AND outcome IS NULL ORDER BY position',
      [jobId],
    );
    return rows.map((row) => ({ position: row.position, domain: row.domain, isHost: row.is_host }));
  }

  /**
   * Records finished items of a running job (its row locked by the caller) that were still pending,
   * numbering them in the order given after those already finished, and adds them to the job's
   * counts. Items finished meanwhile (by another run of the same job) are left as they are.
   */
  async recordFinished<T extends FinishedItem>(manager: EntityManager, job: ScrapeJobRecord, items: T[]): Promise<T[]> {
    const stillPending = await queryRows<{ position: number }>(
      manager,
      'SELECT position FROM scrape_job_items WHERE job_id = $1 AND position = ANY($2::int[]) AND outcome IS NULL',
      [job.id, items.map((item) => item.position)],
    );
    const pending = new Set(stillPending.map((row) => row.position));
    const fresh = items.filter((item) => pending.has(item.position));
    if (fresh.length === 0) return [];
    await queryRows(
      manager,
      `UPDATE scrape_job_items AS i
       SET outcome = v.outcome, reason = v.reason, reason_code = v.reason_code, http_status = v.http_status, cached = v.cached,
         completion = v.completion
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::boolean[], $8::int[])
         AS v(position, outcome, reason, reason_code, http_status, cached, completion)
       WHERE i.job_id = $1 AND i.position = v.position`,
      [
        job.id,
        fresh.map((item) => item.position),
        fresh.map((item) => item.outcome),
        fresh.map((item) => item.reason),
        fresh.map((item) => item.cause),
        fresh.map((item) => item.httpStatus),
        fresh.map((item) => item.cached),
        fresh.map((_, index) => job.done + index + 1),
      ],
    );
    const count = (outcome: ScrapeOutcome) => fresh.filter((item) => item.outcome === outcome).length;
    await queryRows(
      manager,
      `UPDATE scrape_jobs SET done = done + $2, ok = ok + $3, blocked = blocked + $4, no_content = no_content + $5, invalid = invalid + $6
       WHERE id = $1`,
      [job.id, fresh.length, count('ok'), count('blocked'), count('no_content'), count('invalid')],
    );
    return fresh;
  }

  async settle(manager: EntityManager, id: string, status: 'completed' | 'failed', refunded: number, at: Date): Promise<void> {
    await queryRows(manager, 'UPDATE scrape_jobs SET status = $2, credits_refunded = $3, completed_at = $4 WHERE id = $1', [
      id,
      status,
      refunded,
      at,
    ]);
  }

  /** Finished items in order of completion, the text of ok ones from the site text cache. */
  async results(jobId: string, page: { offset: number; limit: number; outcome?: ScrapeOutcome }): Promise<ResultRow[]> {
    const filter = page.outcome ? 'AND i.outcome = $4' : '';
    return queryRows<ResultRow>(
      this.dataSource.manager,
      `SELECT ${RESULT_COLUMNS}
       FROM scrape_job_items i LEFT JOIN site_texts t ON i.outcome = 'ok' AND t.domain = i.domain
       WHERE i.job_id = $1 AND i.completion IS NOT NULL ${filter}
       ORDER BY i.completion OFFSET $2 LIMIT $3`,
      [jobId, page.offset, page.limit, ...(page.outcome ? [page.outcome] : [])],
    );
  }

  /** The finished items after the `after`th completed one, in order of completion: a keyset page for a download. */
  async resultsAfter(
    jobId: string,
    page: { after: number; limit: number; outcome?: ScrapeOutcome },
  ): Promise<Array<ResultRow & { completion: number }>> {
    const filter = page.outcome ? 'AND i.outcome = $4' : '';
    return queryRows<ResultRow & { completion: number }>(
      this.dataSource.manager,
      `SELECT ${RESULT_COLUMNS}, i.completion
       FROM scrape_job_items i LEFT JOIN site_texts t ON i.outcome = 'ok' AND t.domain = i.domain
       WHERE i.job_id = $1 AND i.completion > $2 ${filter}
       ORDER BY i.completion LIMIT $3`,
      [jobId, page.after, page.limit, ...(page.outcome ? [page.outcome] : [])],
    );
  }
}
