import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { KeysetPosition } from '../../../infrastructure/database/keyset-cursor';
import { queryRows } from '../../../infrastructure/database/query-rows';

/** What a search matches, each part null when the query cannot be one (an id that is no uuid, an email without @). */
export interface AccountSearchTerms {
  namePattern: string | null;
  accountId: string | null;
  email: string | null;
  keyPrefixPattern: string | null;
}

export interface AccountSummaryRecord {
  id: string;
  name: string;
  createdAt: Date;
  position: KeysetPosition;
  balance: number;
  plan: string | null;
  users: number;
  keys: number;
  lastActivityAt: Date | null;
}

export interface AccountDetailRecord {
  id: string;
  name: string;
  createdAt: Date;
  balance: number;
  totalEarned: number;
  totalSpent: number;
  plan: string | null;
  planRenewsAt: Date | null;
  trialStartedAt: Date | null;
  trialExpiresAt: Date | null;
  lastActivityAt: Date | null;
}

export interface AccountUserRecord {
  id: string;
  name: string;
  email: string;
  role: 'owner' | 'member';
  removed: boolean;
}

export interface AccountKeyRecord {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

// The latest ledger entry through credit_ledger_recent, never a scan of the account's ledger.
const LAST_ACTIVITY_SQL = `GREATEST(
    (SELECT l.created_at FROM credit_ledger l WHERE l.account_id = a.id ORDER BY l.created_at DESC, l.id DESC LIMIT 1),
    (SELECT max(k.last_used_at) FROM api_keys k WHERE k.account_id = a.id))`;

/** The operator's reads of accounts: the search and one account's page. */
@Injectable()
export class OperatorAccountsRepository {
  /** Newest first after `after`; `terms` null lists every account. */
  async search(
    manager: EntityManager,
    terms: AccountSearchTerms | null,
    after: KeysetPosition | null,
    limit: number,
  ): Promise<AccountSummaryRecord[]> {
    const params: unknown[] = [limit];
    const param = (value: unknown) => `$${params.push(value)}`;
    const conditions: string[] = [];
    if (terms) {
      const matches = [`a.name ILIKE ${param(terms.namePattern)}`];
      if (terms.accountId) matches.push(`a.id = ${param(terms.accountId)}`);
      if (terms.email) matches.push(`a.id IN (SELECT u.account_id FROM users u WHERE u.email = ${param(terms.email)})`);
      if (terms.keyPrefixPattern) {
        matches.push(`a.id IN (SELECT k.account_id FROM api_keys k WHERE k.lookup_prefix LIKE ${param(terms.keyPrefixPattern)})`);
      }
      conditions.push(`(${matches.join(' OR ')})`);
    }
    if (after) conditions.push(`(a.created_at, a.id) < (${param(after.at)}::timestamptz, ${param(after.id)}::uuid)`);
    const rows = await queryRows(
      manager,
      `SELECT a.id, a.name, a.created_at, a.created_at::text AS at, a.balance, a.plan,
              (SELECT count(*) FROM users u WHERE u.account_id = a.id AND u.removed_at IS NULL)::int AS users,
              (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL)::int AS keys,
              ${LAST_ACTIVITY_SQL} AS last_activity_at
         FROM accounts a
        ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $1`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      position: { at: row.at, id: row.id },
      balance: Number(row.balance),
      plan: row.plan,
      users: row.users,
      keys: row.keys,
      lastActivityAt: row.last_activity_at,
    }));
  }

  async findAccount(manager: EntityManager, accountId: string): Promise<AccountDetailRecord | null> {
    const rows = await queryRows(
      manager,
      `SELECT a.id, a.name, a.created_at, a.balance, a.total_earned, a.total_spent, a.plan, a.plan_renews_at,
              a.trial_started_at, a.trial_expires_at, ${LAST_ACTIVITY_SQL} AS last_activity_at
         FROM accounts a WHERE a.id = $1`,
      [accountId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      balance: Number(row.balance),
      totalEarned: Number(row.total_earned),
      totalSpent: Number(row.total_spent),
      plan: row.plan,
      planRenewsAt: row.plan_renews_at,
      trialStartedAt: row.trial_started_at,
      trialExpiresAt: row.trial_expires_at,
      lastActivityAt: row.last_activity_at,
    };
  }

  async listUsers(manager: EntityManager, accountId: string): Promise<AccountUserRecord[]> {
    const rows = await queryRows(
      manager,
      'SELECT id, name, email, role, removed_at FROM users WHERE account_id = $1 ORDER BY created_at, id',
      [accountId],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, role: row.role, removed: row.removed_at !== null }));
  }

  async listKeys(manager: EntityManager, accountId: string): Promise<AccountKeyRecord[]> {
    return this.listKeysWhere(manager, 'account_id = $1', [accountId]);
  }

  private async listKeysWhere(manager: EntityManager, where: string, parameters: unknown[]): Promise<AccountKeyRecord[]> {
    const rows = await queryRows(
      manager,
      `SELECT id, name, lookup_prefix, created_at, last_used_at, revoked_at
         FROM api_keys WHERE ${where} ORDER BY created_at DESC, id DESC`,
      parameters,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.lookup_prefix,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      revokedAt: row.revoked_at,
    }));
  }

  /** One key of the account, by an id already known to be a uuid. */
  async findKey(manager: EntityManager, accountId: string, keyId: string): Promise<AccountKeyRecord | null> {
    const keys = await this.listKeysWhere(manager, 'account_id = $1 AND id = $2', [accountId, keyId]);
    return keys[0] ?? null;
  }
}
