import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { CreateAccountUseCase, CreatedAccount } from './create-account.use-case';

/** On a database with no account yet, creates the demo account; its key is returned once, here. */
@Injectable()
export class EnsureDemoAccountUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly createAccount: CreateAccountUseCase,
  ) {}

  async execute(): Promise<CreatedAccount | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await this.accounts.lockDemoAccountSetUp(runner.manager);
      if (await this.accounts.anyAccount(runner.manager)) return null;
      return await this.createAccount.execute({ name: 'Demo account' });
    } finally {
      await this.accounts.unlockDemoAccountSetUp(runner.manager).catch(() => undefined);
      await runner.release();
    }
  }
}
