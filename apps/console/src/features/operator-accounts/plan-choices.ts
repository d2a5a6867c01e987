import { PLAN_MONTHLY_CREDITS } from '@lead-engine/core/credit-allowances';
import { OPERATOR_PLAN_CHOICES } from '@lead-engine/contracts/console';
import { formatCredits, planLabel } from '../../shared/lib/plan-format';

export type PlanChoice = (typeof OPERATOR_PLAN_CHOICES)[number];

/** Each plan the operator may set, with what it grants per month (the engine's own table), and none. */
export const PLAN_CHOICES = OPERATOR_PLAN_CHOICES.map((value) => ({
  value,
  label:
    value === 'none'
      ? 'No plan: the plan ends, granted credits stay'
      : `${planLabel(value)}: ${formatCredits(PLAN_MONTHLY_CREDITS[value])} per month`,
}));
