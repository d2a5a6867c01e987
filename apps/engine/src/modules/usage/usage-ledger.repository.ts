import { Injectable } from '@nestjs/common';
import type { LedgerEntryKind, LedgerEntryPurpose } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { queryPooled, queryRows } from '../../infrastructure/database/query-rows';
import type { LedgerPosition } from './usage-cursor';
import type { UsageFilters } from './usage-filters';
import { userNameSql } from '../../infrastructure/database/user-name-sql';

export interface LedgerRow {
  id: string;
  /** created_at exactly as PostgreSQL printed it, for the next page's cursor. */
  at: string;
  createdAt: Date;
  movement: LedgerEntryKind;
  purpose: LedgerEntryPurpose;
  amount: number;
  reason: string;
  reference: string | null;
  key: { id: string; name: string; prefix: string } | null;
  user: { id: string; name: string } | null;
  jobRows: number | null;
}

export interface DayTotal {
  day: string;
  purpose: LedgerEntryPurpose;
  movement: LedgerEntryKind;
  amount: number;
}

export interface HeldJob {
  type: 'scrape' | 'enrichment';
  id: string;
  status: 'queued' | 'running';
  credits: number;
  createdAt: Date;
}

/** Reads of the credit ledger for the app: keyset pages newest first, and the per-day summary. */
@Injectable()
export class UsageLedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(filters: UsageFilters, after: LedgerPosition | null, limit: number): Promise<LedgerRow[]> {
    const params: unknown[] = [filters.accountId];
    const where = ['account_id = $1'];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (filters.kinds?.length) where.push(`purpose = ANY(${param(filters.kinds)}::text[])`);
    if (filters.apiKeyId) where.push(`api_key_id = ${param(filters.apiKeyId)}`);
    if (filters.madeByUserId)
      where.push(
        `(api_key_id IN (SELECT id FROM api_keys WHERE account_id = $1 AND created_by_user_id = ${param(filters.madeByUserId)})
          OR user_id = ${param(filters.madeByUserId)})`,
      );
    if (filters.reference) where.push(`reference = ${param(filters.reference)}`);
    if (filters.from) where.push(`created_at >= ${param(filters.from)}`);
    if (filters.before) where.push(`created_at < ${param(filters.before)}`);
    if (after) where.push(`(created_at, id) < (${param(after.at)}::timestamptz, ${param(after.id)}::bigint)`);
    const rows = await queryPooled(
      this.dataSource,
      `SELECT l.id, l.created_at::text AS at, l.created_at, l.kind, l.purpose, l.amount, l.reason, l.reference,
              k.id AS key_id, k.name AS key_name, k.lookup_prefix AS key_prefix, u.id AS user_id, ${userNameSql('u')} AS user_name,
              e.total_rows AS job_rows
       FROM (SELECT id, created_at, kind, purpose, amount, reason, reference, api_key_id, user_id FROM credit_ledger
             WHERE ${where.join(' AND ')}
             ORDER BY created_at DESC, id DESC LIMIT ${param(limit)}) l
       LEFT JOIN api_keys k ON k.id = l.api_key_id
       LEFT JOIN users u ON u.id = COALESCE(k.created_by_user_id, l.user_id)
       LEFT JOIN enrichment_jobs e
         ON e.id = CASE WHEN l.purpose = 'enrichment' THEN split_part(l.reference, ':', 2)::uuid END AND e.account_id = $1
       ORDER BY l.created_at DESC, l.id DESC`,
      params,
    );
    return rows.map((row) => ({
      id: String(row.id),
      at: row.at,
      createdAt: row.created_at,
      movement: row.kind,
      purpose: row.purpose,
      amount: Number(row.amount),
      reason: row.reason,
      reference: row.reference,
      key: row.key_id ? { id: row.key_id, name: row.key_name, prefix: row.key_prefix } : null,
      user: row.user_id ? { id: row.user_id, name: row.user_name } : null,
      jobRows: row.job_rows === null ? null : Number(row.job_rows),
    }));
  }

  /** The summary's rows from a UTC day on; each ledger row is counted in exactly one of them. */
  async dayTotals(accountId: string, fromDay: string): Promise<DayTotal[]> {
    const rows = await queryPooled(
      this.dataSource,
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, purpose, movement, amount FROM credit_ledger_days
       WHERE account_id = $1 AND day >= $2::date`,
      [accountId, fromDay],
    );
    return rows.map((row) => ({ day: row.day, purpose: row.purpose, movement: row.movement, amount: Number(row.amount) }));
  }

  async heldJobs(accountId: string): Promise<HeldJob[]> {
    const rows = await queryPooled(
      this.dataSource,
      `SELECT 'scrape' AS type, id, status, created_at, credits_charged - credits_refunded AS credits
         FROM scrape_jobs WHERE account_id = $1 AND status IN ('queued', 'running')
       UNION ALL
       SELECT 'enrichment', id, status, created_at, credits_charged - credits_refunded
         FROM enrichment_jobs WHERE account_id = $1 AND status IN ('queued', 'running')
       ORDER BY created_at DESC`,
      [accountId],
    );
    return rows.map((row) => ({ type: row.type, id: row.id, status: row.status, createdAt: row.created_at, credits: Number(row.credits) }));
  }

  async account(
    accountId: string,
  ): Promise<{ balance: number; totalEarned: number; totalSpent: number; lowBalanceThreshold: number | null } | null> {
    const rows = await queryPooled(
      this.dataSource,
      'SELECT balance, total_earned, total_spent, low_balance_threshold FROM accounts WHERE id = $1',
      [accountId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      balance: Number(row.balance),
      totalEarned: Number(row.total_earned),
      totalSpent: Number(row.total_spent),
      lowBalanceThreshold: row.low_balance_threshold === null ? null : Number(row.low_balance_threshold),
    };
  }

  async setLowBalanceThreshold(accountId: string, threshold: number | null): Promise<void> {
    await queryRows(this.dataSource.manager, 'UPDATE accounts SET low_balance_threshold = $2 WHERE id = $1', [accountId, threshold]);
  }
}
