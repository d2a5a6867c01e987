import { Injectable } from '@nestjs/common';
import { NEW_ACCOUNT_CREDITS } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../infrastructure/database/transaction';
import { MoveCreditsUseCase } from '../credits/use-cases/move-credits.use-case';
import { AccountsRepository } from '../accounts/accounts.repository';
import { CreateApiKeyUseCase } from '../accounts/use-cases/create-api-key.use-case';

export interface CreateAccountCommand {
  name: string;
  credits?: number;
}

export interface CreatedAccount {
  accountId: string;
  keyId: string;
  apiKey: string;
  balance: number;
}

@Injectable()
export class CreateAccountUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly createApiKey: CreateApiKeyUseCase,
    private readonly moveCredits: MoveCreditsUseCase,
  ) {}

  async execute(command: CreateAccountCommand, callerManager?: EntityManager): Promise<CreatedAccount> {
    const credits = command.credits ?? NEW_ACCOUNT_CREDITS;
    if (!Number.isSafeInteger(credits) || credits < 0) throw new Error('credits must be a whole number of at least 0');
    const name = command.name.trim();
    if (!name) throw new Error('an account needs a name');
    return inTransaction(this.dataSource, callerManager, async (manager) => {
      const accountId = await this.accounts.insertAccount(manager, name);
      const balance =
        credits > 0
          ? await this.moveCredits.grant(manager, {
              accountId,
              amount: credits,
              reason: 'welcome credits',
              reference: `account:${accountId}`,
            })
          : 0;
      const key = await this.createApiKey.execute({ accountId }, manager);
      return { accountId, keyId: key.keyId, apiKey: key.apiKey, balance };
    });
  }
}
