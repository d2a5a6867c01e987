import { Injectable } from '@nestjs/common';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

export interface SessionRecord {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  address: string | null;
  userAgent: string | null;
}

/** The instants before which a session is over: idle since, or created before. */
export interface SessionLimits {
  seenAfter: Date;
  createdAfter: Date;
}

@Injectable()
export class UserSessionsRepository {
  async insertSession(
    manager: EntityManager,
    session: { userId: string; tokenHash: Buffer; at: Date; address: string | null; userAgent: string | null },
  ): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO user_sessions (user_id, token_hash, created_at, last_seen_at, address, user_agent)
       VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
      [session.userId, session.tokenHash, session.at, session.address, session.userAgent],
    );
    return rows[0].id;
  }

  async findLiveSession(manager: EntityManager, tokenHash: Buffer, limits: SessionLimits): Promise<ConsoleSessionPrincipal | null> {
    const rows = await queryRows(
      manager,
      `SELECT s.id, s.last_seen_at, u.id AS user_id, u.account_id, u.role, u.operator
       FROM user_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.last_seen_at > $2 AND s.created_at > $3 AND u.removed_at IS NULL`,
      [tokenHash, limits.seenAfter, limits.createdAfter],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      sessionId: row.id,
      lastSeenAt: row.last_seen_at,
      userId: row.user_id,
      accountId: row.account_id,
      role: row.role,
      operator: row.operator,
    };
  }

  async touchSession(manager: EntityManager, sessionId: string, at: Date): Promise<void> {
    await queryRows(manager, 'UPDATE user_sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [sessionId, at]);
  }

  async listLiveSessions(manager: EntityManager, userId: string, limits: SessionLimits): Promise<SessionRecord[]> {
    const rows = await queryRows(
      manager,
      `SELECT id, created_at, last_seen_at, address, user_agent FROM user_sessions
       WHERE user_id = $1 AND last_seen_at > $2 AND created_at > $3
       ORDER BY created_at DESC, id DESC`,
      [userId, limits.seenAfter, limits.createdAfter],
    );
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      address: row.address,
      userAgent: row.user_agent,
    }));
  }

  /** How many live sessions each of the users has (the same test of liveness as findLiveSession); users without any are absent. */
  async countLiveSessions(manager: EntityManager, userIds: string[], limits: SessionLimits): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await queryRows<{ user_id: string; sessions: number }>(
      manager,
      `SELECT user_id, count(*)::int AS sessions FROM user_sessions
       WHERE user_id = ANY($1::uuid[]) AND last_seen_at > $2 AND created_at > $3
       GROUP BY user_id`,
      [userIds, limits.seenAfter, limits.createdAfter],
    );
    return new Map(rows.map((row) => [row.user_id, row.sessions]));
  }

  async deleteByTokenHash(manager: EntityManager, tokenHash: Buffer): Promise<void> {
    await queryRows(manager, 'DELETE FROM user_sessions WHERE token_hash = $1', [tokenHash]);
  }

  /** Ends one of the user's sessions; false when the user has no such session. */
  async deleteUserSession(manager: EntityManager, userId: string, sessionId: string): Promise<boolean> {
    const rows = await queryRows(manager, 'DELETE FROM user_sessions WHERE id = $1 AND user_id = $2 RETURNING id', [sessionId, userId]);
    return rows.length > 0;
  }

  /** Ends every session of the user, but the one named by `keep`. */
  async deleteUserSessions(manager: EntityManager, userId: string, keep: string | null = null): Promise<void> {
    await queryRows(manager, 'DELETE FROM user_sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, keep]);
  }

  /** Sessions that can never be used again are forgotten when their user signs in. */
  async deleteDeadSessions(manager: EntityManager, userId: string, limits: SessionLimits): Promise<void> {
    await queryRows(manager, 'DELETE FROM user_sessions WHERE user_id = $1 AND (last_seen_at <= $2 OR created_at <= $3)', [
      userId,
      limits.seenAfter,
      limits.createdAfter,
    ]);
  }
}
