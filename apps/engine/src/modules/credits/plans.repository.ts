import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../infrastructure/database/query-rows';

export interface DueRenewal {
  accountId: string;
  plan: 'starter' | 'growth' | 'pro' | 'scale';
  renewsAt: Date;
}

export interface DueTrialExpiry {
  accountId: string;
  trialStartedAt: Date;
}

@Injectable()
export class PlansRepository {
  async setPlan(manager: EntityManager, accountId: string, plan: string | null, renewsAt: Date | null): Promise<void> {
    await queryRows(manager, 'UPDATE accounts SET plan = $2, plan_renews_at = $3 WHERE id = $1', [accountId, plan, renewsAt]);
  }

  async startTrial(manager: EntityManager, accountId: string, startedAt: Date, expiresAt: Date): Promise<void> {
    await queryRows(manager, 'UPDATE accounts SET trial_started_at = $2, trial_expires_at = $3 WHERE id = $1', [
      accountId,
      startedAt,
      expiresAt,
    ]);
  }

  async balance(manager: EntityManager, accountId: string): Promise<number | null> {
    const rows: Array<{ balance: string }> = await queryRows(manager, 'SELECT balance FROM accounts WHERE id = $1', [accountId]);
    return rows[0] ? Number(rows[0].balance) : null;
  }

  /** One due renewal, locked so that concurrent workers each take a different account. */
  async lockNextDueRenewal(manager: EntityManager, now: Date): Promise<DueRenewal | null> {
    const rows = await queryRows(
      manager,
      `SELECT id, plan, plan_renews_at FROM accounts
       WHERE plan IS NOT NULL AND plan_renews_at <= $1
       ORDER BY plan_renews_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    return rows[0] ? { accountId: rows[0].id, plan: rows[0].plan, renewsAt: rows[0].plan_renews_at } : null;
  }

  async advanceRenewal(manager: EntityManager, accountId: string, renewsAt: Date): Promise<void> {
    await queryRows(manager, 'UPDATE accounts SET plan_renews_at = $2 WHERE id = $1', [accountId, renewsAt]);
  }

  async lockNextDueTrialExpiry(manager: EntityManager, now: Date): Promise<DueTrialExpiry | null> {
    const rows = await queryRows(
      manager,
      `SELECT id, trial_started_at FROM accounts
       WHERE trial_expires_at <= $1 AND trial_settled_at IS NULL
       ORDER BY trial_expires_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    return rows[0] ? { accountId: rows[0].id, trialStartedAt: rows[0].trial_started_at } : null;
  }

  async settleTrial(manager: EntityManager, accountId: string, settledAt: Date): Promise<void> {
    await queryRows(manager, 'UPDATE accounts SET trial_settled_at = $2 WHERE id = $1', [accountId, settledAt]);
  }
}
