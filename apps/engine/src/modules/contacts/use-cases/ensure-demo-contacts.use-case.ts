import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ContactsRepository } from '../contacts.repository';
import { GenerateContactsUseCase } from './generate-contacts.use-case';

export const DEMO_SEED = 1;

/**
 * On a database without contacts, generates the demo data set. Processes starting together take turns
 * on an advisory lock, so only the first generates and the others find contacts.
 */
@Injectable()
export class EnsureDemoContactsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly contacts: ContactsRepository,
    private readonly generate: GenerateContactsUseCase,
  ) {}

  /** Returns how many contacts it generated: 0 when there were contacts already. */
  async execute(count: number): Promise<number> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await this.contacts.lockDemoContactsSetUp(runner.manager);
      if (count === 0 || (await this.contacts.hasContacts())) return 0;
      return (await this.generate.execute({ count, seed: DEMO_SEED })).generated;
    } finally {
      await this.contacts.unlockDemoContactsSetUp(runner.manager).catch(() => undefined);
      await runner.release();
    }
  }
}
