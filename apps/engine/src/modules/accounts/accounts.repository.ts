import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';
import { ApiKeyLimitColumns, ApiKeyLimits, apiKeyLimitsOf } from '../identity/api-key-limits';
import { ADVISORY_LOCKS } from '../../infrastructure/database/advisory-locks';
import { userNameSql } from '../../infrastructure/database/user-name-sql';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  secretHash: Buffer;
  revoked: boolean;
  expiresAt: Date | null;
  limits: ApiKeyLimits | null;
}

export interface AccountRecord {
  id: string;
  name: string;
  plan: string | null;
  planRenewsAt: Date | null;
  trialStartedAt: Date | null;
  trialExpiresAt: Date | null;
  trialSettledAt: Date | null;
}

export interface NewApiKey {
  accountId: string;
  lookupPrefix: string;
  secretHash: Buffer;
  name: string;
  createdByUserId: string | null;
  createdAt: Date;
  limits?: ApiKeyLimitsChange;
}

/** Limits to set on a key; a field left out stays as it is, null removes the limit. */
export interface ApiKeyLimitsChange {
  budgetTotal?: number | null;
  budgetDay?: number | null;
  maxPerCall?: number | null;
  expiresAt?: Date | null;
  readOnly?: boolean;
}

/** The keys a console user may see: the whole account's (owners) or only those they created (members). */
export interface ApiKeyScope {
  accountId: string;
  createdByUserId: string | null;
}

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  createdBy: { id: string; name: string } | null;
  lastUsedAt: Date | null;
}

const API_KEY_VIEW_SELECT = `SELECT k.id, k.name, k.lookup_prefix, k.created_at, k.last_used_at, u.id AS creator_id, ${userNameSql('u')} AS creator_name
       FROM api_keys k LEFT JOIN users u ON u.id = k.created_by_user_id`;

function apiKeyViewOf(row: Record<string, any>): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.lookup_prefix,
    createdAt: row.created_at,
    createdBy: row.creator_id ? { id: row.creator_id, name: row.creator_name } : null,
    lastUsedAt: row.last_used_at,
  };
}

/** A key's limits with what is left under them; see ApiKeyBudgetsRepository for how the charge is counted. */
export interface ApiKeyBudgetView {
  limits: ApiKeyLimits | null;
  expiresAt: Date | null;
  leftTotal: number | null;
  leftToday: number | null;
}

function apiKeyBudgetViewOf(row: Record<string, any>): ApiKeyBudgetView | null {
  const limits = apiKeyLimitsOf(row as ApiKeyLimitColumns);
  if (!limits && !row.expires_at) return null;
  const pending = Number(row.pending_exports ?? 0);
  const left = (budget: number | null, charged: unknown) => (budget === null ? null : Math.max(0, budget - Number(charged ?? 0) - pending));
  return {
    limits,
    expiresAt: row.expires_at,
    leftTotal: left(limits?.budgetTotal ?? null, row.charged_total),
    leftToday: left(limits?.budgetDay ?? null, row.charged_day),
  };
}

@Injectable()
export class AccountsRepository {
  /** The demo account's set-up lock, session-level: held on the caller's connection until unlock or until that connection ends. */
  async lockDemoAccountSetUp(manager: EntityManager): Promise<void> {
    await queryRows(manager, 'SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.demoAccount]);
  }

  async unlockDemoAccountSetUp(manager: EntityManager): Promise<void> {
    await queryRows(manager, 'SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.demoAccount]);
  }

  async anyAccount(manager: EntityManager): Promise<boolean> {
    const rows = await queryRows<{ present: boolean }>(manager, 'SELECT EXISTS (SELECT 1 FROM accounts) AS present');
    return rows[0].present;
  }

  async insertAccount(manager: EntityManager, name: string): Promise<string> {
    const rows: Array<{ id: string }> = await queryRows(manager, 'INSERT INTO accounts (name) VALUES ($1) RETURNING id', [name]);
    return rows[0].id;
  }

  async findAccount(manager: EntityManager, accountId: string, lock = false): Promise<AccountRecord | null> {
    const rows = await queryRows(
      manager,
      `SELECT id, name, plan, plan_renews_at, trial_started_at, trial_expires_at, trial_settled_at
       FROM accounts WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [accountId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      plan: row.plan,
      planRenewsAt: row.plan_renews_at,
      trialStartedAt: row.trial_started_at,
      trialExpiresAt: row.trial_expires_at,
      trialSettledAt: row.trial_settled_at,
    };
  }

  async insertApiKey(manager: EntityManager, key: NewApiKey): Promise<ApiKeyView> {
    const rows = await queryRows(
      manager,
      `WITH inserted AS (
         INSERT INTO api_keys (account_id, lookup_prefix, secret_hash, name, created_by_user_id, created_at,
                               budget_total, budget_day, max_per_call, expires_at, read_only)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *
       )
       ${API_KEY_VIEW_SELECT.replace('FROM api_keys k', 'FROM inserted k')}`,
      [
        key.accountId,
        key.lookupPrefix,
        key.secretHash,
        key.name,
        key.createdByUserId,
        key.createdAt,
        key.limits?.budgetTotal ?? null,
        key.limits?.budgetDay ?? null,
        key.limits?.maxPerCall ?? null,
        key.limits?.expiresAt ?? null,
        key.limits?.readOnly ?? false,
      ],
    );
    return apiKeyViewOf(rows[0]);
  }

  /**
   * The account's live keys (a member's: those they created), newest first, each with what was spent
   * through it since `spentSince`: spends and holds less refunds, never below 0.
   */
  async listApiKeys(
    manager: EntityManager,
    scope: ApiKeyScope,
    spentSince: Date,
    dayStart: Date,
  ): Promise<Array<ApiKeyView & { creditsSpent: number; budget: ApiKeyBudgetView | null }>> {
    const rows = await queryRows(
      manager,
      `${API_KEY_VIEW_SELECT.replace(
        'SELECT',
        `SELECT COALESCE(spent.credits, 0) AS credits_spent, k.budget_total, k.budget_day, k.max_per_call, k.read_only, k.expires_at,
                charged.total AS charged_total, charged.day AS charged_day, charged.pending_exports,`,
      )}
       LEFT JOIN LATERAL (
         SELECT GREATEST(0, SUM(CASE WHEN l.kind = 'refund' THEN -l.amount ELSE l.amount END))::bigint AS credits
         FROM credit_ledger l
         WHERE l.api_key_id = k.id AND l.created_at >= $3 AND l.kind IN ('spend', 'hold', 'refund')
       ) spent ON true
       LEFT JOIN LATERAL (
         SELECT COALESCE(SUM(CASE WHEN l.kind = 'refund' THEN -l.amount ELSE l.amount END), 0)::bigint AS total,
                COALESCE(SUM(CASE WHEN l.kind = 'refund' THEN -l.amount ELSE l.amount END) FILTER (WHERE l.created_at >= $4), 0)::bigint AS day,
                (SELECT COALESCE(SUM(e.delivery_limit), 0)::bigint FROM exports e
                 WHERE e.api_key_id = k.id AND e.status IN ('queued', 'running')) AS pending_exports
         FROM credit_ledger l
         WHERE l.api_key_id = k.id AND l.kind IN ('spend', 'hold', 'refund') AND (k.budget_total IS NOT NULL OR l.created_at >= $4)
       ) charged ON k.budget_total IS NOT NULL OR k.budget_day IS NOT NULL
       WHERE k.account_id = $1 AND k.revoked_at IS NULL AND ($2::uuid IS NULL OR k.created_by_user_id = $2)
       ORDER BY k.created_at DESC, k.id DESC`,
      [scope.accountId, scope.createdByUserId, spentSince, dayStart],
    );
    return rows.map((row) => ({ ...apiKeyViewOf(row), creditsSpent: Number(row.credits_spent), budget: apiKeyBudgetViewOf(row) }));
  }

  /** A live key within the scope, renamed; null when there is none (another account's, revoked, unknown). */
  async renameApiKey(manager: EntityManager, scope: ApiKeyScope, keyId: string, name: string): Promise<ApiKeyView | null> {
    const rows = await queryRows(
      manager,
      `WITH renamed AS (
         UPDATE api_keys SET name = $4
         WHERE id = $3 AND account_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR created_by_user_id = $2)
         RETURNING *
       )
       ${API_KEY_VIEW_SELECT.replace('FROM api_keys k', 'FROM renamed k')}`,
      [scope.accountId, scope.createdByUserId, keyId, name],
    );
    return rows[0] ? apiKeyViewOf(rows[0]) : null;
  }

  async isLiveApiKeyInScope(manager: EntityManager, scope: ApiKeyScope, keyId: string): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `SELECT 1 FROM api_keys
       WHERE id = $3 AND account_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR created_by_user_id = $2)`,
      [scope.accountId, scope.createdByUserId, keyId],
    );
    return rows.length > 0;
  }

  /** Moves `last_used_at` forward (never back) for every key named, in one statement. */
  async recordApiKeysUsed(manager: EntityManager, uses: Array<{ keyId: string; at: Date }>): Promise<void> {
    if (uses.length === 0) return;
    await queryRows(
      manager,
      `UPDATE api_keys k SET last_used_at = u.at
       FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at)
       WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`,
      [uses.map((use) => use.keyId), uses.map((use) => use.at)],
    );
  }

  async findApiKeyByLookupPrefix(manager: EntityManager, lookupPrefix: string): Promise<ApiKeyRecord | null> {
    const rows = await queryRows(
      manager,
      `SELECT id, account_id, secret_hash, revoked_at, expires_at, budget_total, budget_day, max_per_call, read_only
       FROM api_keys WHERE lookup_prefix = $1`,
      [lookupPrefix],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      accountId: row.account_id,
      secretHash: row.secret_hash,
      revoked: row.revoked_at !== null,
      expiresAt: row.expires_at,
      limits: apiKeyLimitsOf(row as ApiKeyLimitColumns),
    };
  }

  /** Sets the limits named in `change` on a key; its lookup prefix, or null when there is no such key. */
  async setApiKeyLimits(manager: EntityManager, keyId: string, change: ApiKeyLimitsChange): Promise<{ lookupPrefix: string } | null> {
    const columns: Array<[string, unknown]> = [];
    if (change.budgetTotal !== undefined) columns.push(['budget_total', change.budgetTotal]);
    if (change.budgetDay !== undefined) columns.push(['budget_day', change.budgetDay]);
    if (change.maxPerCall !== undefined) columns.push(['max_per_call', change.maxPerCall]);
    if (change.expiresAt !== undefined) columns.push(['expires_at', change.expiresAt]);
    if (change.readOnly !== undefined) columns.push(['read_only', change.readOnly]);
    const assignments = columns.map(([column], index) => `${column} = $${index + 2}`);
    const rows: Array<{ lookup_prefix: string }> = await queryRows(
      manager,
      `UPDATE api_keys SET ${assignments.length > 0 ? assignments.join(', ') : 'id = id'} WHERE id = $1 RETURNING lookup_prefix`,
      [keyId, ...columns.map(([, value]) => value)],
    );
    return rows[0] ? { lookupPrefix: rows[0].lookup_prefix } : null;
  }

  /** Keys named by their id, or by the start of the key as printed (a full key matches too). */
  async findApiKeyIds(manager: EntityManager, keyIdOrPrefix: string): Promise<string[]> {
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(keyIdOrPrefix);
    const rows: Array<{ id: string }> = isUuid
      ? await queryRows(manager, 'SELECT id FROM api_keys WHERE id = $1', [keyIdOrPrefix])
      : await queryRows(manager, 'SELECT id FROM api_keys WHERE starts_with(lookup_prefix, $1) OR starts_with($1, lookup_prefix) LIMIT 2', [
          keyIdOrPrefix,
        ]);
    return rows.map((row) => row.id);
  }

  async revokeApiKey(manager: EntityManager, keyId: string): Promise<{ lookupPrefix: string; accountId: string }> {
    const rows: Array<{ lookup_prefix: string; account_id: string }> = await queryRows(
      manager,
      'UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING lookup_prefix, account_id',
      [keyId],
    );
    return { lookupPrefix: rows[0].lookup_prefix, accountId: rows[0].account_id };
  }

  /** Revokes the live keys a user created; the lookup prefixes of those it revoked, for the engines' caches. */
  async revokeKeysCreatedBy(manager: EntityManager, accountId: string, userId: string): Promise<string[]> {
    const rows = await queryRows<{ lookup_prefix: string }>(
      manager,
      `UPDATE api_keys SET revoked_at = now()
       WHERE account_id = $1 AND created_by_user_id = $2 AND revoked_at IS NULL RETURNING lookup_prefix`,
      [accountId, userId],
    );
    return rows.map((row) => row.lookup_prefix);
  }
}
