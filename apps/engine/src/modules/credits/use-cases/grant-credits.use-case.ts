import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../../infrastructure/database/transaction';
import { UnknownAccountError } from '../../accounts/use-cases/create-api-key.use-case';
import { AccountsRepository } from '../../accounts/accounts.repository';
import { MoveCreditsUseCase } from './move-credits.use-case';

@Injectable()
export class GrantCreditsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
  ) {}

  /** `reference` says who granted it: `operator` (the CLI) unless given. */
  async execute(
    command: { accountId: string; amount: number; reason?: string; reference?: string },
    callerManager?: EntityManager,
  ): Promise<{ balance: number }> {
    if (!Number.isSafeInteger(command.amount) || command.amount <= 0) throw new Error('amount must be a whole number above 0');
    return inTransaction(this.dataSource, callerManager, async (manager) => {
      if (!(await this.accounts.findAccount(manager, command.accountId))) throw new UnknownAccountError(command.accountId);
      const balance = await this.moveCredits.grant(manager, {
        accountId: command.accountId,
        amount: command.amount,
        reason: command.reason?.trim() || 'operator grant',
        reference: command.reference ?? 'operator',
      });
      return { balance };
    });
  }
}
