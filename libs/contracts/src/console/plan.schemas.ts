import { z } from 'zod';
import { isoDateTime } from '../common/common.schemas';

const credits = z.number().int().min(0);

export const planOfferSchema = z
  .strictObject({
    name: z.string().describe('Plan name, as the operator CLI takes it (plans:set --plan <name>)'),
    monthly_credits: credits.describe('Credits the plan grants every month'),
  })
  .meta({ id: 'PlanOffer' });
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const trialStateSchema = z
  .enum(['available', 'active', 'ended'])
  .describe('available: never started; active: started, not yet expired; ended: expired');
export type TrialState = z.infer<typeof trialStateSchema>;

export const trialViewSchema = z
  .strictObject({
    state: trialStateSchema,
    credits: credits.describe('What the one-time trial grants'),
    days: z.number().int().min(1).describe('How long the trial lasts; unused trial credits expire at its end'),
    started_at: isoDateTime.nullable(),
    expires_at: isoDateTime.nullable(),
    lapsing_credits: credits
      .nullable()
      .describe(
        'While the trial is active: the trial credits that expire at expires_at if nothing more is spent (trial credits are spent first, never more than the balance); null otherwise',
      ),
  })
  .meta({ id: 'TrialView' });
export type TrialView = z.infer<typeof trialViewSchema>;

export const planViewSchema = z
  .strictObject({
    plan: z.string().nullable().describe("The account's plan; null: none. Only the operator changes it (CLI plans:set)"),
    renews_at: isoDateTime.nullable().describe('When the plan next grants its monthly credits; null without a plan'),
    next_grant: credits.nullable().describe("The plan's monthly credits, granted at renews_at; null without a plan"),
    plans: z.array(planOfferSchema).describe('Every plan with what it grants per month'),
    trial: trialViewSchema,
    can_start_trial: z.boolean().describe('True only for an owner while the trial is available'),
  })
  .meta({ id: 'PlanView' });
export type PlanView = z.infer<typeof planViewSchema>;

export const startedTrialSchema = planViewSchema
  .extend({ balance: z.number().int().describe('The balance after the trial credits were granted') })
  .meta({ id: 'StartedTrial', description: 'The plan view after the start (trial active), with the new balance' });
export type StartedTrial = z.infer<typeof startedTrialSchema>;
