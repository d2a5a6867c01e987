import { Injectable } from '@nestjs/common';
import type { ConsoleRole, InvitePurpose } from '@lead-engine/contracts';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';
import { ADVISORY_LOCKS } from '../../infrastructure/database/advisory-locks';

export interface UserRecord {
  id: string;
  accountId: string | null;
  email: string;
  name: string;
  role: ConsoleRole | null;
  operator: boolean;
  passwordHash: string | null;
}

export interface InviteRecord {
  id: string;
  userId: string;
  purpose: InvitePurpose;
  expiresAt: Date;
  usedAt: Date | null;
  email: string;
  accountName: string | null;
}

const USER_COLUMNS = 'id, account_id, email, name, role, operator, password_hash';

const toUser = (row: Record<string, any>): UserRecord => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  name: row.name,
  role: row.role,
  operator: row.operator,
  passwordHash: row.password_hash,
});

const UNIQUE_VIOLATION = '23505';

export const isUniqueViolation = (error: unknown) => {
  const failure = error as { code?: string; driverError?: { code?: string } } | null;
  return failure?.driverError?.code === UNIQUE_VIOLATION || failure?.code === UNIQUE_VIOLATION;
};

@Injectable()
export class UsersRepository {
  /** Throws a unique violation (isUniqueViolation) when the email is taken. */
  async insertUser(
    manager: EntityManager,
    user: { accountId: string | null; email: string; name?: string; role: ConsoleRole | null; operator: boolean; passwordHash?: string },
  ): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      manager,
      'INSERT INTO users (account_id, email, name, role, operator, password_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [user.accountId, user.email, user.name ?? '', user.role, user.operator, user.passwordHash ?? null],
    );
    return rows[0].id;
  }

  /** The user who owns this email: the one with a password, else the oldest pending invite (several accounts may invite one email). */
  async findUserByEmail(manager: EntityManager, email: string): Promise<UserRecord | null> {
    const rows = await queryRows(
      manager,
      `SELECT ${USER_COLUMNS} FROM users WHERE email = $1 AND removed_at IS NULL ORDER BY password_hash IS NULL, created_at, id LIMIT 1`,
      [email],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  /** This account's user (pending or not) with this email. */
  async findAccountUserByEmail(manager: EntityManager, accountId: string, email: string): Promise<UserRecord | null> {
    const rows = await queryRows(manager, `SELECT ${USER_COLUMNS} FROM users WHERE account_id = $1 AND email = $2 AND removed_at IS NULL`, [
      accountId,
      email,
    ]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  /** Whether a user other than this one owns the email server-wide: one with a password, or an operator of no account. */
  async emailOwnedElsewhere(manager: EntityManager, userId: string, email: string): Promise<boolean> {
    const rows = await queryRows<{ owned: boolean }>(
      manager,
      'SELECT EXISTS (SELECT 1 FROM users WHERE email = $2 AND id <> $1 AND (password_hash IS NOT NULL OR account_id IS NULL) AND removed_at IS NULL) AS owned',
      [userId, email],
    );
    return rows[0].owned;
  }

  async findUser(manager: EntityManager, userId: string, lock = false): Promise<UserRecord | null> {
    const rows = await queryRows(
      manager,
      `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND removed_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
      [userId],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  async anyUser(manager: EntityManager): Promise<boolean> {
    const rows = await queryRows<{ present: boolean }>(manager, 'SELECT EXISTS (SELECT 1 FROM users) AS present');
    return rows[0].present;
  }

  async setPassword(manager: EntityManager, userId: string, passwordHash: string, name?: string): Promise<void> {
    await queryRows(manager, 'UPDATE users SET password_hash = $2, name = COALESCE($3, name) WHERE id = $1', [
      userId,
      passwordHash,
      name ?? null,
    ]);
  }

  async setName(manager: EntityManager, userId: string, name: string): Promise<void> {
    await queryRows(manager, 'UPDATE users SET name = $2 WHERE id = $1', [userId, name]);
  }

  async recordSignIn(manager: EntityManager, userId: string, at: Date): Promise<void> {
    await queryRows(manager, 'UPDATE users SET last_sign_in_at = $2 WHERE id = $1', [userId, at]);
  }

  async insertInvite(
    manager: EntityManager,
    invite: { userId: string; purpose: InvitePurpose; tokenHash: Buffer; expiresAt: Date },
  ): Promise<void> {
    await queryRows(manager, 'INSERT INTO user_invites (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
      invite.userId,
      invite.purpose,
      invite.tokenHash,
      invite.expiresAt,
    ]);
  }

  async findInvite(manager: EntityManager, tokenHash: Buffer, lock = false): Promise<InviteRecord | null> {
    const rows = await queryRows(
      manager,
      `SELECT i.id, i.user_id, i.purpose, i.expires_at, i.used_at, u.email, a.name AS account_name
       FROM user_invites i JOIN users u ON u.id = i.user_id LEFT JOIN accounts a ON a.id = u.account_id
       WHERE i.token_hash = $1 AND u.removed_at IS NULL ${lock ? 'FOR UPDATE OF i' : ''}`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      userId: row.user_id,
      purpose: row.purpose,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      email: row.email,
      accountName: row.account_name,
    };
  }

  /** Every open link of the user is used up: accepting one invalidates the others. */
  async useOpenInvites(manager: EntityManager, userId: string, at: Date): Promise<void> {
    await queryRows(manager, 'UPDATE user_invites SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, at]);
  }

  async accountName(manager: EntityManager, accountId: string): Promise<string | null> {
    const rows = await queryRows<{ name: string }>(manager, 'SELECT name FROM accounts WHERE id = $1', [accountId]);
    return rows[0]?.name ?? null;
  }

  /** The demo owner's set-up lock, session-level: held on the caller's connection until unlock or until that connection ends. */
  async lockDemoOwnerSetUp(manager: EntityManager): Promise<void> {
    await queryRows(manager, 'SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.demoOwner]);
  }

  async unlockDemoOwnerSetUp(manager: EntityManager): Promise<void> {
    await queryRows(manager, 'SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.demoOwner]);
  }

  /** The demo account: the oldest account named "Demo account". */
  async findDemoAccountId(manager: EntityManager): Promise<string | null> {
    const rows = await queryRows<{ id: string }>(
      manager,
      "SELECT id FROM accounts WHERE name = 'Demo account' ORDER BY created_at, id LIMIT 1",
    );
    return rows[0]?.id ?? null;
  }
}
