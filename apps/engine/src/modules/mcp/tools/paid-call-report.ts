import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { Principal } from '../../identity/current-principal.decorator';
import { GetCreditBalanceUseCase } from '../../credits/use-cases/get-credit-balance.use-case';
import { GetKeyBudgetRemainingUseCase } from '../../credits/use-cases/get-key-budget-remaining.use-case';

export const budgetRemainingSchema = z
  .strictObject({
    total: z.number().int().nullable().describe('Credits this API key may still spend in all; null: no total limit'),
    day: z.number().int().nullable().describe('Credits it may still spend today (UTC); null: no daily limit'),
    per_call: z.number().int().nullable().describe('The most one call may spend; null: no per-call limit'),
  })
  .nullable()
  .describe("What this API key's budgets leave; null when the key has no limits");

/** What every paid tool answers besides its own result. */
export const paidCallShape = {
  credits_charged: z.number().int().describe('Credits this call charged'),
  balance: z.number().describe("The account's credit balance after this call"),
  budget_remaining: budgetRemainingSchema,
};

export type PaidCall = { credits_charged: number; balance: number; budget_remaining: z.output<typeof budgetRemainingSchema> };

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
