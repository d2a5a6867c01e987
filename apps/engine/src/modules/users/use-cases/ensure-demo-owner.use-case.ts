import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../password-hasher';
import { UsersRepository } from '../users.repository';

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
      await this.users.lockDemoOwnerSetUp(runner.manager);
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
      await this.users.unlockDemoOwnerSetUp(runner.manager).catch(() => undefined);
      await runner.release();
    }
  }
}
