import { Injectable } from '@nestjs/common';
import type { OperatorActionName } from '@lead-engine/contracts';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../../infrastructure/database/query-rows';
import { userNameSql } from '../../../infrastructure/database/user-name-sql';

/** What an operator does to the server rather than to an account: recorded with no account, listed on no account's page. */
export type ServerActionName = 'contacts.import' | 'contacts.generate';

export interface OperatorAction {
  operatorUserId: string;
  accountId: string | null;
  action: OperatorActionName | ServerActionName;
  /** What the action was done with, to read on the account's page: never a key, a token or a link. */
  details: Record<string, unknown>;
}

export interface RecordedOperatorAction {
  id: string;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
  operator: { id: string; name: string; email: string };
}

/** Who did what to which account from the console's operator pages. */
@Injectable()
export class OperatorActionsRepository {
  /** Written in the transaction of the action it records, so neither commits without the other. */
  async record(manager: EntityManager, action: OperatorAction): Promise<void> {
    await queryRows(manager, 'INSERT INTO operator_actions (operator_user_id, account_id, action, details) VALUES ($1, $2, $3, $4)', [
      action.operatorUserId,
      action.accountId,
      action.action,
      JSON.stringify(action.details),
    ]);
  }

  async latestOnAccount(manager: EntityManager, accountId: string, limit: number): Promise<RecordedOperatorAction[]> {
    const rows = await queryRows(
      manager,
      `SELECT a.id, a.action, a.details, a.created_at, u.id AS operator_id, ${userNameSql('u')} AS operator_name, u.email AS operator_email
         FROM operator_actions a JOIN users u ON u.id = a.operator_user_id
        WHERE a.account_id = $1
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $2`,
      [accountId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      details: row.details,
      createdAt: row.created_at,
      operator: { id: row.operator_id, name: row.operator_name, email: row.operator_email },
    }));
  }
}
