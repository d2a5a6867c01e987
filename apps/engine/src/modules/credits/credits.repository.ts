import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { LedgerEntryKind } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { queryPrepared, queryRows } from '../../infrastructure/database/query-rows';
import { BalanceCache, CreditBalanceRow } from './balance-cache';

export type { CreditBalanceRow };

export interface LedgerEntry {
  accountId: string;
  kind: LedgerEntryKind;
  amount: number;
  reason: string;
  reference: string | null;
  apiKeyId: string | null;
  userId: string | null;
}

@Injectable()
export class CreditsRepository {
  // Balance reads that miss the cache and arrive in the same tick share one round trip.
  private readonly balanceReads: DataLoader<string, CreditBalanceRow | null>;

  constructor(
    dataSource: DataSource,
    private readonly balances: BalanceCache,
  ) {
    this.balanceReads = new DataLoader(
      async (accountIds) => {
        const rows = await queryPrepared<{ id: string; balance: string; total_earned: string; total_spent: string }>(
          dataSource,
          'read-credit-balances',
          'SELECT id, balance, total_earned, total_spent FROM accounts WHERE id = ANY($1::uuid[])',
          [accountIds],
        );
        const byId = new Map(rows.map((row) => [row.id, toBalance(row)]));
        return accountIds.map((accountId) => byId.get(accountId) ?? null);
      },
      { cache: false, maxBatchSize: 500 },
    );
  }

  /** The balance as committed, read outside any transaction (GET /credits). */
  readBalance(accountId: string): Promise<CreditBalanceRow | null> {
    return this.balances.read(accountId, () => this.balanceReads.load(accountId));
  }

  async findBalance(manager: EntityManager, accountId: string): Promise<CreditBalanceRow | null> {
    const rows: Array<{ balance: string; total_earned: string; total_spent: string }> = await queryRows(
      manager,
      'SELECT balance, total_earned, total_spent FROM accounts WHERE id = $1',
      [accountId],
    );
    return rows[0] ? toBalance(rows[0]) : null;
  }

  /** Adds to the balance; returns the new balance, or null when the account does not exist. */
  async credit(manager: EntityManager, accountId: string, amount: number, earned: boolean): Promise<number | null> {
    this.balances.willChange(accountId);
    const column = earned ? 'total_earned = total_earned + $2' : 'total_spent = total_spent - $2';
    const rows: Array<{ balance: string }> = await queryRows(
      manager,
      `UPDATE accounts SET balance = balance + $2, ${column} WHERE id = $1 RETURNING balance`,
      [accountId, amount],
    );
    return rows[0] ? Number(rows[0].balance) : null;
  }

  /** Takes from the balance only when it covers the amount; null means it did not (nothing changed). */
  async debit(manager: EntityManager, accountId: string, amount: number): Promise<number | null> {
    this.balances.willChange(accountId);
    const rows: Array<{ balance: string }> = await queryRows(
      manager,
      `UPDATE accounts SET balance = balance - $2, total_spent = total_spent + $2
       WHERE id = $1 AND balance >= $2 RETURNING balance`,
      [accountId, amount],
    );
    return rows[0] ? Number(rows[0].balance) : null;
  }

  async appendLedgerEntry(manager: EntityManager, entry: LedgerEntry): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO credit_ledger (account_id, kind, amount, reason, reference, api_key_id, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [entry.accountId, entry.kind, entry.amount, entry.reason, entry.reference, entry.apiKeyId, entry.userId],
    );
  }

  /** Held minus refunded so far for one reference, read after the account row is locked. */
  async refundableForReference(manager: EntityManager, accountId: string, reference: string): Promise<number> {
    const rows: Array<{ refundable: string }> = await queryRows(
      manager,
      `SELECT COALESCE(SUM(CASE kind WHEN 'hold' THEN amount WHEN 'refund' THEN -amount ELSE 0 END), 0) AS refundable
       FROM credit_ledger WHERE account_id = $1 AND reference = $2`,
      [accountId, reference],
    );
    return Number(rows[0].refundable);
  }

  async lockAccount(manager: EntityManager, accountId: string): Promise<boolean> {
    const rows = await queryRows(manager, 'SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    return rows.length > 0;
  }

  /** Net credits consumed (spend + hold - refund) since a moment, used to settle trials. */
  async netSpentSince(manager: EntityManager, accountId: string, since: Date): Promise<number> {
    const rows: Array<{ net: string }> = await queryRows(
      manager,
      `SELECT COALESCE(SUM(CASE kind WHEN 'refund' THEN -amount WHEN 'grant' THEN 0 ELSE amount END), 0) AS net
       FROM credit_ledger WHERE account_id = $1 AND created_at >= $2`,
      [accountId, since],
    );
    return Number(rows[0].net);
  }
}

function toBalance(row: { balance: string; total_earned: string; total_spent: string }): CreditBalanceRow {
  return { balance: Number(row.balance), totalEarned: Number(row.total_earned), totalSpent: Number(row.total_spent) };
}
