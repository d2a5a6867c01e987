import { Injectable } from '@nestjs/common';
import type { CreatedOperatorAccount, CreateOperatorAccountRequest } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { CreateAccountUseCase } from '../../../onboarding/create-account.use-case';
import { OperatorActionsRepository } from '../operator-actions.repository';
import { GetOperatorAccountUseCase } from './get-operator-account.use-case';

/** accounts:create from the console: welcome credits and a first key, recorded with the creation. */
@Injectable()
export class CreateOperatorAccountUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly createAccount: CreateAccountUseCase,
    private readonly actions: OperatorActionsRepository,
    private readonly getAccount: GetOperatorAccountUseCase,
  ) {}

  async execute(operatorUserId: string, request: CreateOperatorAccountRequest): Promise<CreatedOperatorAccount> {
    const created = await this.dataSource.transaction(async (manager) => {
      const account = await this.createAccount.execute({ name: request.name }, manager);
      await this.actions.record(manager, {
        operatorUserId,
        accountId: account.accountId,
        action: 'account.create',
        details: { name: request.name, credits: account.balance, key_id: account.keyId },
      });
      return account;
    });
    return { account: await this.getAccount.execute(created.accountId), api_key: created.apiKey };
  }
}
