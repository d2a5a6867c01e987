import { Injectable } from '@nestjs/common';
import { keyBudgetRemainingSchema } from '@lead-engine/contracts';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { GetCreditBalanceUseCase } from '../../credits/use-cases/get-credit-balance.use-case';
import { GetKeyBudgetRemainingUseCase } from '../../credits/use-cases/get-key-budget-remaining.use-case';

/** What every paid tool answers besides its own result. */
export const paidCallShape = {
  credits_charged: z.number().int().describe('Credits this call charged'),
  balance: z.number().describe("The account's credit balance after this call"),
  budget_remaining: keyBudgetRemainingSchema,
};

export type PaidCall = { credits_charged: number; balance: number; budget_remaining: z.output<typeof keyBudgetRemainingSchema> };

/** The balance and what the key's budgets leave, read after the call's transaction committed. */
@Injectable()
export class PaidCallReport {
  constructor(
    private readonly balance: GetCreditBalanceUseCase,
    private readonly budgetRemaining: GetKeyBudgetRemainingUseCase,
  ) {}

  async of(principal: Principal, creditsCharged: number): Promise<PaidCall> {
    const [credits, remaining] = await Promise.all([this.balance.execute(principal.accountId), this.budgetRemaining.execute(principal)]);
    return { credits_charged: creditsCharged, balance: credits.balance, budget_remaining: remaining };
  }
}
