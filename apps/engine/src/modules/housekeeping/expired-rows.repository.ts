import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';
import type { SessionLimits } from '../users/user-sessions.repository';
import { ADVISORY_LOCKS } from '../../infrastructure/database/advisory-locks';

/**
 * Deletes rows nobody can use any more, oldest first, at most `limit` per statement so no statement
 * holds many row locks or writes much WAL at once; each answers how many it deleted. The quote and
 * invite statements walk the expiry indexes of migration 1763801900000; the session one may read the
 * whole table, which holds little more than live sessions once swept.
 */
@Injectable()
export class ExpiredRowsRepository {
  /** The sweeper's session-level advisory lock, held on the caller's connection until unlock or until that connection ends. */
  async tryLock(manager: EntityManager): Promise<boolean> {
    const rows = await queryRows(manager, 'SELECT pg_try_advisory_lock($1) AS locked', [ADVISORY_LOCKS.expiredRowsSweep]);
    return rows[0].locked === true;
  }

  async lock(manager: EntityManager): Promise<void> {
    await queryRows(manager, 'SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.expiredRowsSweep]);
  }

  async unlock(manager: EntityManager): Promise<void> {
    await queryRows(manager, 'SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.expiredRowsSweep]);
  }

  deleteUnpaidRevealQuotes(manager: EntityManager, expiredBefore: Date, limit: number): Promise<number> {
    return this.deleteBatch(
      manager,
      'reveal_quotes',
      'SELECT id FROM reveal_quotes WHERE expires_at < $1 AND paid_at IS NULL ORDER BY expires_at LIMIT $2',
      [expiredBefore, limit],
    );
  }

  /** `expiredBefore` bounds the index range: a quote paid before `paidBefore` expired before it. */
  deletePaidRevealQuotes(manager: EntityManager, paidBefore: Date, expiredBefore: Date, limit: number): Promise<number> {
    return this.deleteBatch(
      manager,
      'reveal_quotes',
      'SELECT id FROM reveal_quotes WHERE expires_at < $1 AND paid_at < $2 ORDER BY expires_at LIMIT $3',
      [expiredBefore, paidBefore, limit],
    );
  }

  deleteUnusedExportQuotes(manager: EntityManager, expiredBefore: Date, limit: number): Promise<number> {
    return this.deleteBatch(
      manager,
      'export_quotes',
      'SELECT id FROM export_quotes WHERE expires_at < $1 AND export_id IS NULL ORDER BY expires_at LIMIT $2',
      [expiredBefore, limit],
    );
  }

  /** The quote only: the export it started stays. */
  deleteUsedExportQuotes(manager: EntityManager, expiredBefore: Date, limit: number): Promise<number> {
    return this.deleteBatch(
      manager,
      'export_quotes',
      'SELECT id FROM export_quotes WHERE expires_at < $1 AND export_id IS NOT NULL ORDER BY expires_at LIMIT $2',
      [expiredBefore, limit],
    );
  }

  /** Sessions that are over, as findLiveSession judges them: idle too long or too old. */
  deleteEndedSessions(manager: EntityManager, limits: SessionLimits, limit: number): Promise<number> {
    return this.deleteBatch(
      manager,
      'user_sessions',
      'SELECT id FROM user_sessions WHERE last_seen_at <= $1 OR created_at <= $2 ORDER BY last_seen_at LIMIT $3',
      [limits.seenAfter, limits.createdAfter, limit],
    );
  }

  /** Invite and password links, used or not. */
  deleteExpiredInvites(manager: EntityManager, expiredBefore: Date, limit: number): Promise<number> {
    return this.deleteBatch(manager, 'user_invites', 'SELECT id FROM user_invites WHERE expires_at < $1 ORDER BY expires_at LIMIT $2', [
      expiredBefore,
      limit,
    ]);
  }

  private async deleteBatch(manager: EntityManager, table: string, selectIds: string, params: unknown[]): Promise<number> {
    const rows = await queryRows<{ deleted: number }>(
      manager,
      `WITH gone AS (DELETE FROM ${table} WHERE id IN (${selectIds}) RETURNING 1) SELECT count(*)::int AS deleted FROM gone`,
      params,
    );
    return rows[0].deleted;
  }
}
