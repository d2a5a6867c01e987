import { Inject, Injectable } from '@nestjs/common';
import type { PlanView } from '@lead-engine/contracts';
import { isPlanName, planViewAt } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../../infrastructure/clock/clock';
import { AccountsRepository } from '../../accounts/accounts.repository';
import { CreditsRepository } from '../credits.repository';
import { planAccountOf, PlanViewer } from '../plan-viewer';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The Plan page: the account's plan and renewal, every plan's monthly credits, and the trial with what will lapse. */
@Injectable()
export class GetPlanUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly credits: CreditsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(viewer: PlanViewer): Promise<PlanView> {
    const accountId = planAccountOf(viewer);
    // One snapshot: the balance and the spending since the trial began are read together.
    return this.dataSource.transaction('REPEATABLE READ', (manager) => this.within(manager, accountId, viewer.role));
  }

  async within(manager: EntityManager, accountId: string, role: PlanViewer['role']): Promise<PlanView> {
    const account = await this.accounts.findAccount(manager, accountId);
    const balance = await this.credits.findBalance(manager, accountId);
    if (!account || !balance) throw new Error(`account ${accountId} vanished`);
    const netSpentSinceTrialStart = account.trialStartedAt
      ? await this.credits.netSpentSince(manager, accountId, account.trialStartedAt)
      : 0;
    const view = planViewAt(
      {
        plan: account.plan && isPlanName(account.plan) ? account.plan : null,
        planRenewsAt: account.planRenewsAt,
        trialStartedAt: account.trialStartedAt,
        trialExpiresAt: account.trialExpiresAt,
        balance: balance.balance,
        netSpentSinceTrialStart,
      },
      role,
      this.clock.now(),
    );
    return {
      plan: view.plan,
      renews_at: iso(view.renewsAt),
      next_grant: view.nextGrant,
      plans: view.plans.map((offer) => ({ name: offer.name, monthly_credits: offer.monthlyCredits })),
      trial: {
        state: view.trial.state,
        credits: view.trial.credits,
        days: view.trial.days,
        started_at: iso(view.trial.startedAt),
        expires_at: iso(view.trial.expiresAt),
        lapsing_credits: view.trial.lapsingCredits,
      },
      can_start_trial: view.canStartTrial,
    };
  }
}
