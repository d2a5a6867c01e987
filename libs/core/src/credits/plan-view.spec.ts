import { PLAN_MONTHLY_CREDITS, TRIAL_CREDITS, TRIAL_DAYS } from './credit-allowances';
import { AllowancesOfAccount, PLAN_OFFERS, planViewAt, trialStateAt } from './plan-view';

const now = new Date('2026-03-10T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const fresh: AllowancesOfAccount = {
  plan: null,
  planRenewsAt: null,
  trialStartedAt: null,
  trialExpiresAt: null,
  balance: 300,
  netSpentSinceTrialStart: 0,
};

describe('trialStateAt', () => {
  it('is available before a start, active until it expires, ended from the expiry on', () => {
    expect(trialStateAt({ startedAt: null, expiresAt: null }, now)).toBe('available');
    const startedAt = new Date(now.getTime() - day);
    expect(trialStateAt({ startedAt, expiresAt: new Date(now.getTime() + 1) }, now)).toBe('active');
    expect(trialStateAt({ startedAt, expiresAt: now }, now)).toBe('ended');
    expect(trialStateAt({ startedAt, expiresAt: null }, now)).toBe('ended');
  });
});

describe('planViewAt', () => {
  it('lists every plan with its monthly credits, in order, from PLAN_MONTHLY_CREDITS', () => {
    expect(PLAN_OFFERS.map((offer) => [offer.name, offer.monthlyCredits])).toEqual(Object.entries(PLAN_MONTHLY_CREDITS));
  });

  it('offers an owner the trial while it is available; a member sees it but cannot start it', () => {
    const owner = planViewAt(fresh, 'owner', now);
    expect(owner).toMatchObject({
      plan: null,
      renewsAt: null,
      nextGrant: null,
      trial: { state: 'available', credits: TRIAL_CREDITS, days: TRIAL_DAYS, startedAt: null, expiresAt: null, lapsingCredits: null },
      canStartTrial: true,
    });
    expect(planViewAt(fresh, 'member', now).canStartTrial).toBe(false);
    expect(planViewAt(fresh, null, now).canStartTrial).toBe(false);
  });

  it("gives the plan's monthly credits as the next grant, at the renewal date", () => {
    const renewsAt = new Date('2026-04-10T12:00:00Z');
    expect(planViewAt({ ...fresh, plan: 'growth', planRenewsAt: renewsAt }, 'owner', now)).toMatchObject({
      plan: 'growth',
      renewsAt,
      nextGrant: PLAN_MONTHLY_CREDITS.growth,
    });
  });

  it('says while the trial is active what will lapse at its expiry, and nothing once it ended', () => {
    const startedAt = new Date(now.getTime() - day);
    const active = { ...fresh, trialStartedAt: startedAt, trialExpiresAt: new Date(startedAt.getTime() + TRIAL_DAYS * day) };
    const view = planViewAt({ ...active, balance: 10_300 - 1_200, netSpentSinceTrialStart: 1_200 }, 'owner', now);
    expect(view.trial).toMatchObject({ state: 'active', lapsingCredits: TRIAL_CREDITS - 1_200 });
    expect(view.canStartTrial).toBe(false);
    const ended = planViewAt(active, 'owner', new Date(startedAt.getTime() + 8 * day));
    expect(ended.trial).toMatchObject({ state: 'ended', lapsingCredits: null });
    expect(ended.canStartTrial).toBe(false);
  });
});
