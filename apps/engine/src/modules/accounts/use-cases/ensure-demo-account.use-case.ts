import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CreateAccountUseCase, CreatedAccount } from './create-account.use-case';

const DEMO_LOCK = 7_114_222;

/** On a database with no account yet, creates the demo account; its key is returned once, here. */
@Injectable()
export class EnsureDemoAccountUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly createAccount: CreateAccountUseCase,
  ) {}

  async execute(): Promise<CreatedAccount | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [DEMO_LOCK]);
      const rows = await runner.query('SELECT EXISTS (SELECT 1 FROM accounts) AS present');
      if (rows[0].present) return null;
      return await this.createAccount.execute({ name: 'Demo account' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK]).catch(() => undefined);
      await runner.release();
    }
  }
}
