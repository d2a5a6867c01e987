import { Injectable } from '@nestjs/common';
import type { CreditBalance } from '@lead-engine/contracts';
import { CreditsRepository } from '../credits.repository';

@Injectable()
export class GetCreditBalanceUseCase {
  constructor(private readonly credits: CreditsRepository) {}

  async execute(accountId: string): Promise<CreditBalance> {
    const row = await this.credits.readBalance(accountId);
    if (!row) throw new Error(`account ${accountId} vanished`);
    return { balance: row.balance, total_earned: row.totalEarned, total_spent: row.totalSpent };
  }

  /** An answer with the account's balance read after the call committed: what the app shows next to it. */
  async withBalance<Answer extends object>(accountId: string, answer: Answer): Promise<Answer & { balance: number }> {
    return { ...answer, balance: (await this.execute(accountId)).balance };
  }
}
