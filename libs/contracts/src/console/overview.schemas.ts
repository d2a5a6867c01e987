import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';

export const heldCreditsSchema = z
  .strictObject({
    type: z.enum(['scrape', 'enrichment']),
    id: z.uuid(),
    status: z.enum(['queued', 'running']),
    credits: z.number().int().min(0).describe('Held and not yet refunded'),
    created_at: isoDateTime,
  })
  .meta({ id: 'HeldCredits', description: 'A running job and the credits it holds' });
export type HeldCredits = z.infer<typeof heldCreditsSchema>;

export const usageDaySchema = z
  .strictObject({
    day: z.iso.date().describe('UTC day'),
    reveal: z.number().int().min(0),
    export: z.number().int().min(0),
    scrape: z.number().int().min(0),
    enrichment: z.number().int().min(0),
    icp: z.number().int().min(0),
    refunds: z.number().int().min(0).describe('Credits given back that day (holds refunded)'),
  })
  .meta({ id: 'UsageDay', description: 'Credits spent (spends and holds) that UTC day, by kind' });
export type UsageDay = z.infer<typeof usageDaySchema>;

export const lowBalanceSchema = z
  .strictObject({
    low: z.boolean().describe('The balance is below the threshold, or below one day of the last 7 days’ spending'),
    threshold: z.number().int().min(0).nullable().describe('The owner’s threshold; null: none set'),
    daily_spend_7d: z.number().int().min(0).describe('What the last 7 days spent per day on average (net of refunds), rounded up'),
  })
  .meta({ id: 'LowBalance' });
export type LowBalance = z.infer<typeof lowBalanceSchema>;

export const overviewSchema = z
  .strictObject({
    balance: z.number().int(),
    total_earned: z.number().int(),
    total_spent: z.number().int(),
    held: z
      .strictObject({ credits: z.number().int().min(0), jobs: z.array(heldCreditsSchema) })
      .describe('Credits held by queued and running jobs, and by which'),
    days: z.array(usageDaySchema).length(30).describe('The last 30 UTC days, oldest first, today last'),
    low_balance: lowBalanceSchema,
  })
  .meta({ id: 'Overview' });
export type Overview = z.infer<typeof overviewSchema>;

export const lowBalanceThresholdRequestSchema = z
  .strictObject({
    threshold: z.number().int().min(0).max(1_000_000_000).nullable().describe('Warn below this balance; null removes it'),
  })
  .meta({ id: 'LowBalanceThresholdRequest' });
export type LowBalanceThresholdRequest = z.infer<typeof lowBalanceThresholdRequestSchema>;
