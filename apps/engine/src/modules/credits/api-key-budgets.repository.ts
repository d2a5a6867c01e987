import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';
import { ApiKeyLimitColumns, ApiKeyLimits, apiKeyLimitsOf } from '../identity/api-key-limits';

/** What a key has charged: in all, since the start of the UTC day, and what its pending exports may still charge. */
export interface ChargedThroughKey {
  total: number;
  day: number;
  pendingExports: number;
}

@Injectable()
export class ApiKeyBudgetsRepository {
  /** Locks the key's row until the transaction ends and reads its limits; null for an unknown key. */
  async lockKeyLimits(manager: EntityManager, keyId: string): Promise<{ limits: ApiKeyLimits | null } | null> {
    const rows = await queryRows(
      manager,
      'SELECT budget_total, budget_day, max_per_call, read_only FROM api_keys WHERE id = $1 FOR UPDATE',
      [keyId],
    );
    return rows[0] ? { limits: apiKeyLimitsOf(rows[0] as ApiKeyLimitColumns) } : null;
  }

  /** The key's limits as they are now, without a lock: for reporting what is left. */
  async readKeyLimits(manager: EntityManager, keyId: string): Promise<{ limits: ApiKeyLimits | null } | null> {
    const rows = await queryRows(manager, 'SELECT budget_total, budget_day, max_per_call, read_only FROM api_keys WHERE id = $1', [keyId]);
    return rows[0] ? { limits: apiKeyLimitsOf(rows[0] as ApiKeyLimitColumns) } : null;
  }

  /**
   * One statement, so one snapshot: an export that completes meanwhile is either pending or in the
   * ledger, never both or neither. The ledger is read through credit_ledger_key_recent; with only a
   * daily budget, today's rows alone.
   */
  async chargedThrough(manager: EntityManager, keyId: string, dayStart: Date, withTotal: boolean): Promise<ChargedThroughKey> {
    const rows = await queryRows(
      manager,
      `SELECT
         COALESCE(SUM(CASE WHEN l.kind = 'refund' THEN -l.amount ELSE l.amount END), 0)::bigint AS total,
         COALESCE(SUM(CASE WHEN l.kind = 'refund' THEN -l.amount ELSE l.amount END) FILTER (WHERE l.created_at >= $2), 0)::bigint AS day,
         (SELECT COALESCE(SUM(e.delivery_limit), 0)::bigint FROM exports e
          WHERE e.api_key_id = $1 AND e.status IN ('queued', 'running')) AS pending_exports
       FROM credit_ledger l
       WHERE l.api_key_id = $1 AND l.kind IN ('spend', 'hold', 'refund') AND ($3 OR l.created_at >= $2)`,
      [keyId, dayStart, withTotal],
    );
    const row = rows[0];
    return { total: Number(row.total), day: Number(row.day), pendingExports: Number(row.pending_exports) };
  }
}
