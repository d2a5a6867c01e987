import { Injectable } from '@nestjs/common';
import type { OperatorAccountBalance, OperatorGrantRequest } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { GrantCreditsUseCase } from '../../../credits/use-cases/grant-credits.use-case';
import { asNotFound, operatorAccountId } from '../operator-account-id';
import { OperatorAccountsRepository } from '../operator-accounts.repository';
import { OperatorActionsRepository } from '../operator-actions.repository';

/** credits:grant from the console: the ledger's reference names the operator, and the action is recorded with the grant. */
@Injectable()
export class GrantOperatorCreditsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly grantCredits: GrantCreditsUseCase,
    private readonly actions: OperatorActionsRepository,
    private readonly accounts: OperatorAccountsRepository,
  ) {}

  async execute(operatorUserId: string, id: string, grant: OperatorGrantRequest): Promise<OperatorAccountBalance> {
    const accountId = operatorAccountId(id);
    return this.dataSource
      .transaction(async (manager) => {
        await this.grantCredits.execute(
          { accountId, amount: grant.amount, reason: grant.reason, reference: `operator:${operatorUserId}` },
          manager,
        );
        await this.actions.record(manager, {
          operatorUserId,
          accountId,
          action: 'credits.grant',
          details: { amount: grant.amount, reason: grant.reason },
        });
        const account = (await this.accounts.findAccount(manager, accountId))!;
        return { balance: account.balance, total_earned: account.totalEarned, total_spent: account.totalSpent };
      })
      .catch(asNotFound);
  }
}
