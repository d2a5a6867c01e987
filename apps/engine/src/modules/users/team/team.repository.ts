import { Injectable } from '@nestjs/common';
import type { ConsoleRole } from '@lead-engine/contracts';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../../infrastructure/database/query-rows';

export interface TeamMemberRecord {
  id: string;
  name: string;
  email: string;
  role: ConsoleRole;
  operator: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  invitePending: boolean;
}

const MEMBER_COLUMNS = 'id, name, email, role, operator, created_at, last_sign_in_at, password_hash IS NULL AS invite_pending';

const toMember = (row: Record<string, any>): TeamMemberRecord => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  operator: row.operator,
  createdAt: row.created_at,
  lastSignInAt: row.last_sign_in_at,
  invitePending: row.invite_pending,
});

/** The users of one account, as the team page sees and changes them. */
@Injectable()
export class TeamRepository {
  async listMembers(manager: EntityManager, accountId: string): Promise<TeamMemberRecord[]> {
    const rows = await queryRows(
      manager,
      `SELECT ${MEMBER_COLUMNS} FROM users WHERE account_id = $1 AND removed_at IS NULL ORDER BY created_at, id`,
      [accountId],
    );
    return rows.map(toMember);
  }

  async findMember(manager: EntityManager, accountId: string, userId: string, lock = false): Promise<TeamMemberRecord | null> {
    const rows = await queryRows(
      manager,
      `SELECT ${MEMBER_COLUMNS} FROM users WHERE id = $1 AND account_id = $2 AND removed_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
      [userId, accountId],
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  /**
   * Serializes every change of the account's roles and users: a transaction that holds the account's row
   * sees the owners as they are, and no other change of them can slip in before it commits.
   */
  async lockAccount(manager: EntityManager, accountId: string): Promise<boolean> {
    const rows = await queryRows(manager, 'SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    return rows.length > 0;
  }

  async countOwners(manager: EntityManager, accountId: string): Promise<number> {
    const rows = await queryRows<{ owners: number }>(
      manager,
      "SELECT count(*)::int AS owners FROM users WHERE account_id = $1 AND role = 'owner' AND removed_at IS NULL",
      [accountId],
    );
    return rows[0].owners;
  }

  async setRole(manager: EntityManager, userId: string, role: ConsoleRole): Promise<void> {
    await queryRows(manager, 'UPDATE users SET role = $2 WHERE id = $1', [userId, role]);
  }

  /**
   * Marks the user removed, never deleted, so that what they did still names them; their password,
   * sessions and links go, so nothing of theirs signs in again.
   */
  async markRemoved(manager: EntityManager, userId: string): Promise<void> {
    await queryRows(manager, 'UPDATE users SET removed_at = now(), password_hash = NULL WHERE id = $1', [userId]);
    await queryRows(manager, 'DELETE FROM user_sessions WHERE user_id = $1', [userId]);
    await queryRows(manager, 'DELETE FROM user_invites WHERE user_id = $1', [userId]);
  }
}
