import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

export interface IdempotencyRecord {
  fingerprint: string;
  responseStatus: number | null;
  responseBody: unknown;
  expired: boolean;
}

@Injectable()
export class IdempotencyRepository {
  /** True when this call now owns the key. */
  async claim(manager: EntityManager, accountId: string, key: string, fingerprint: string): Promise<boolean> {
    const rows = await queryRows(
      manager,
      `INSERT INTO idempotency_records (account_id, idempotency_key, request_fingerprint)
       VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [accountId, key, fingerprint],
    );
    return rows.length === 1;
  }

  async find(manager: EntityManager, accountId: string, key: string, ttlHours: number): Promise<IdempotencyRecord | null> {
    const rows = await queryRows(
      manager,
      `SELECT request_fingerprint, response_status, response_body,
              created_at < now() - make_interval(hours => $3) AS expired
       FROM idempotency_records WHERE account_id = $1 AND idempotency_key = $2`,
      [accountId, key, ttlHours],
    );
    const row = rows[0];
    return row
      ? { fingerprint: row.request_fingerprint, responseStatus: row.response_status, responseBody: row.response_body, expired: row.expired }
      : null;
  }

  async complete(manager: EntityManager, accountId: string, key: string, status: number, body: unknown): Promise<void> {
    await queryRows(
      manager,
      `UPDATE idempotency_records SET response_status = $3, response_body = $4::jsonb WHERE account_id = $1 AND idempotency_key = $2`,
      [accountId, key, status, JSON.stringify(body ?? null)],
    );
  }

  async release(manager: EntityManager, accountId: string, key: string): Promise<void> {
    await queryRows(manager, `DELETE FROM idempotency_records WHERE account_id = $1 AND idempotency_key = $2 AND response_status IS NULL`, [
      accountId,
      key,
    ]);
  }

  async removeExpired(manager: EntityManager, accountId: string, key: string, ttlHours: number): Promise<void> {
    await queryRows(
      manager,
      `DELETE FROM idempotency_records WHERE account_id = $1 AND idempotency_key = $2 AND created_at < now() - make_interval(hours => $3)`,
      [accountId, key, ttlHours],
    );
  }
}
