import { z } from 'zod';

export const keyBudgetRemainingSchema = z
  .strictObject({
    total: z.number().int().nullable().describe('Credits this API key may still spend in all; null: no total limit'),
    day: z.number().int().nullable().describe('Credits it may still spend today (UTC); null: no daily limit'),
    per_call: z.number().int().nullable().describe('The most one call may spend; null: no per-call limit'),
  })
  .nullable()
  .describe("What this API key's budgets leave; null when the key has no limits");

export type KeyBudgetRemaining = z.infer<typeof keyBudgetRemainingSchema>;
