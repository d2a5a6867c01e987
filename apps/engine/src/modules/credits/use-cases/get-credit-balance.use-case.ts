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
}
