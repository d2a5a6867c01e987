import { z } from 'zod';

export const creditBalanceSchema = z
  .strictObject({
    balance: z.number().int().min(0).describe('Credits available now; always total_earned - total_spent'),
    total_earned: z.number().int().min(0).describe('Every credit ever granted (welcome, trial, plans, operator grants)'),
    total_spent: z.number().int().min(0).describe('Every credit spent or held, less refunds'),
  })
  .meta({ id: 'CreditBalance' });

export type CreditBalance = z.infer<typeof creditBalanceSchema>;
