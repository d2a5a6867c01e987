import { Inject, Injectable } from '@nestjs/common';
import { OPERATOR_ACTIONS_SHOWN, OperatorAccount } from '@lead-engine/contracts';
import type { OperatorActionView } from '@lead-engine/contracts';
import { trialStateAt } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { Clock, CLOCK } from '../../../../infrastructure/clock/clock';
import { noSuchAccount, operatorAccountId } from '../operator-account-id';
import { OperatorAccountsRepository } from '../operator-accounts.repository';
import { OperatorActionsRepository } from '../operator-actions.repository';

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

/** One account's operator page: its credits, plan, trial, users, keys, last activity and what operators did to it. */
@Injectable()
export class GetOperatorAccountUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: OperatorAccountsRepository,
    private readonly actions: OperatorActionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(id: string): Promise<OperatorAccount> {
    const accountId = operatorAccountId(id);
    const manager = this.dataSource.manager;
    const account = await this.accounts.findAccount(manager, accountId);
    if (!account) throw noSuchAccount();
    const [users, keys, actions] = await Promise.all([
      this.accounts.listUsers(manager, accountId),
      this.accounts.listKeys(manager, accountId),
      this.actions.latestOnAccount(manager, accountId, OPERATOR_ACTIONS_SHOWN),
    ]);
    return {
      id: account.id,
      name: account.name,
      created_at: account.createdAt.toISOString(),
      balance: { balance: account.balance, total_earned: account.totalEarned, total_spent: account.totalSpent },
      plan: { name: account.plan, renews_at: iso(account.planRenewsAt) },
      trial: {
        state: trialStateAt({ startedAt: account.trialStartedAt, expiresAt: account.trialExpiresAt }, this.clock.now()),
        started_at: iso(account.trialStartedAt),
        expires_at: iso(account.trialExpiresAt),
      },
      users,
      keys: keys.map((key) => ({
        id: key.id,
        name: key.name,
        prefix: key.prefix,
        created_at: key.createdAt.toISOString(),
        last_used_at: iso(key.lastUsedAt),
        revoked_at: iso(key.revokedAt),
      })),
      last_activity_at: iso(account.lastActivityAt),
      actions: actions.map((action): OperatorActionView => ({
        id: action.id,
        action: action.action as OperatorActionView['action'],
        details: action.details,
        created_at: action.createdAt.toISOString(),
        operator: action.operator,
      })),
    };
  }
}
