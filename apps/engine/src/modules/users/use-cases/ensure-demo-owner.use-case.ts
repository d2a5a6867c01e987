import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../password-hasher';
import { UsersRepository } from '../users.repository';

const DEMO_OWNER_LOCK = 7_114_223;
export const DEMO_OWNER_EMAIL = 'demo@lead-engine.local';

export interface DemoOwner {
  userId: string;
  email: string;
  password: string;
}

/**
 * On a database without users, the demo account's owner (also an operator) with a random password,
 * returned once, here, to be printed beside the demo API key.
 */
@Injectable()
export class EnsureDemoOwnerUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordHasher,
  ) {}

  async execute(): Promise<DemoOwner | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [DEMO_OWNER_LOCK]);
      if (await this.users.anyUser(runner.manager)) return null;
      const accountId = await this.users.findDemoAccountId(runner.manager);
      if (!accountId) return null;
      const password = randomBytes(12).toString('base64url');
      const userId = await this.users.insertUser(runner.manager, {
        accountId,
        email: DEMO_OWNER_EMAIL,
        name: 'Demo owner',
        role: 'owner',
        operator: true,
        passwordHash: await this.passwords.hash(password),
      });
      return { userId, email: DEMO_OWNER_EMAIL, password };
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [DEMO_OWNER_LOCK]).catch(() => undefined);
      await runner.release();
    }
  }
}
