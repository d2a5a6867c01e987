import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  secretHash: Buffer;
  revoked: boolean;
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

@Injectable()
export class AccountsRepository {
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

  async insertApiKey(manager: EntityManager, accountId: string, lookupPrefix: string, secretHash: Buffer): Promise<string> {
    const rows: Array<{ id: string }> = await queryRows(
      manager,
      'INSERT INTO api_keys (account_id, lookup_prefix, secret_hash) VALUES ($1, $2, $3) RETURNING id',
      [accountId, lookupPrefix, secretHash],
    );
    return rows[0].id;
  }

  async findApiKeyByLookupPrefix(manager: EntityManager, lookupPrefix: string): Promise<ApiKeyRecord | null> {
    const rows = await queryRows(manager, 'SELECT id, account_id, secret_hash, revoked_at FROM api_keys WHERE lookup_prefix = $1', [
      lookupPrefix,
    ]);
    const row = rows[0];
    return row ? { id: row.id, accountId: row.account_id, secretHash: row.secret_hash, revoked: row.revoked_at !== null } : null;
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
}
