import { expiringTrialCredits, PLAN_MONTHLY_CREDITS, PLAN_NAMES, PlanName, TRIAL_CREDITS, TRIAL_DAYS } from './credit-allowances';

/** available: never started; active: started and not yet expired; ended: expired (settled or about to be). */
export type TrialState = 'available' | 'active' | 'ended';

export function trialStateAt(trial: { startedAt: Date | null; expiresAt: Date | null }, now: Date): TrialState {
  if (!trial.startedAt) return 'available';
  return trial.expiresAt && trial.expiresAt.getTime() > now.getTime() ? 'active' : 'ended';
}

export interface PlanOffer {
  name: PlanName;
  monthlyCredits: number;
}

/** Every plan with what it grants per month, in the order of PLAN_MONTHLY_CREDITS. */
export const PLAN_OFFERS: readonly PlanOffer[] = PLAN_NAMES.map((name) => ({ name, monthlyCredits: PLAN_MONTHLY_CREDITS[name] }));

/** What an account's allowances look like, as far as the account itself knows them. */
export interface AllowancesOfAccount {
  plan: PlanName | null;
  planRenewsAt: Date | null;
  trialStartedAt: Date | null;
  trialExpiresAt: Date | null;
  balance: number;
  /** Spent (less refunds) since the trial started; 0 when there was no trial. */
  netSpentSinceTrialStart: number;
}

export interface PlanView {
  plan: PlanName | null;
  renewsAt: Date | null;
  /** The plan's monthly credits, granted at renewsAt; null without a plan. */
  nextGrant: number | null;
  plans: readonly PlanOffer[];
  trial: {
    state: TrialState;
    credits: number;
    days: number;
    startedAt: Date | null;
    expiresAt: Date | null;
    /** While the trial is active: what will expire at expiresAt if nothing more is spent; null otherwise. */
    lapsingCredits: number | null;
  };
  /** Only an owner starts the trial, and only while it is available. */
  canStartTrial: boolean;
}

export function planViewAt(account: AllowancesOfAccount, role: 'owner' | 'member' | null, now: Date): PlanView {
  const state = trialStateAt({ startedAt: account.trialStartedAt, expiresAt: account.trialExpiresAt }, now);
  return {
    plan: account.plan,
    renewsAt: account.plan ? account.planRenewsAt : null,
    nextGrant: account.plan ? PLAN_MONTHLY_CREDITS[account.plan] : null,
    plans: PLAN_OFFERS,
    trial: {
      state,
      credits: TRIAL_CREDITS,
      days: TRIAL_DAYS,
      startedAt: account.trialStartedAt,
      expiresAt: account.trialExpiresAt,
      lapsingCredits: state === 'active' ? expiringTrialCredits(account.balance, account.netSpentSinceTrialStart) : null,
    },
    canStartTrial: role === 'owner' && state === 'available',
  };
}
