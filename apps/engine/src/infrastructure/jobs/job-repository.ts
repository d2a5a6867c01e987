import { isUuid } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../database/query-rows';

/** What a job table is written with; its names go into the SQL text, so they are constants of the code, never user input. */
export interface JobTableDefinition<Row, Job> {
  table: string;
  /** The select list that reads a whole row: `*` or the columns `toJob` uses. */
  columns: string;
  toJob: (row: Row) => Job;
  /**
   * Which start `started_at` keeps when a job runs again: the first (how long the job has taken) or
   * the latest (when the current attempt began).
   */
  keepsStart: 'first' | 'latest';
}

/**
 * The queries every durable job table answers alike (id, account_id, status 'queued' → 'running' →
 * settled, attempts, started_at, created_at); each job repository extends it for its table.
 */
export abstract class JobRepository<Row, Job> {
  protected constructor(
    protected readonly dataSource: DataSource,
    private readonly definition: JobTableDefinition<Row, Job>,
  ) {}

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<Job | null> {
    const { table, columns, toJob } = this.definition;
    const rows = await queryRows<Row>(manager, `SELECT ${columns} FROM ${table} WHERE id = $1`, [id]);
    return rows[0] ? toJob(rows[0]) : null;
  }

  /** Null for an id that is not a uuid, which PostgreSQL would refuse to compare. */
  async findForAccount(accountId: string, id: string): Promise<Job | null> {
    if (!isUuid(id)) return null;
    const { table, columns, toJob } = this.definition;
    const rows = await queryRows<Row>(this.dataSource.manager, `SELECT ${columns} FROM ${table} WHERE id = $1 AND account_id = $2`, [
      id,
      accountId,
    ]);
    return rows[0] ? toJob(rows[0]) : null;
  }

  async listRecent(accountId: string, limit: number): Promise<Job[]> {
    const { table, columns, toJob } = this.definition;
    const rows = await queryRows<Row>(
      this.dataSource.manager,
      `SELECT ${columns} FROM ${table} WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows.map(toJob);
  }

  /** Jobs not settled, after `afterId` in id order: after a restart they are queued again, a page at a time. */
  async unfinished(afterId: string | null, limit: number): Promise<Array<{ id: string }>> {
    return queryRows<{ id: string }>(
      this.dataSource.manager,
      `SELECT id FROM ${this.definition.table} WHERE status IN ('queued', 'running') AND ($1::uuid IS NULL OR id > $1) ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  }

  async markRunning(id: string): Promise<void> {
    const startedAt = this.definition.keepsStart === 'first' ? 'coalesce(started_at, now())' : 'now()';
    await queryRows(
      this.dataSource.manager,
      `UPDATE ${this.definition.table} SET status = 'running', attempts = attempts + 1, started_at = ${startedAt}
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [id],
    );
  }

  /**
   * Locks the job row for the rest of the transaction, so writers of results and the settlement take
   * turns; with `skipLocked`, a row another transaction holds answers null instead of waiting.
   */
  async lock(manager: EntityManager, id: string, skipLocked = false): Promise<Job | null> {
    const { table, columns, toJob } = this.definition;
    const rows = await queryRows<Row>(
      manager,
      `SELECT ${columns} FROM ${table} WHERE id = $1 FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''}`,
      [id],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }
}
