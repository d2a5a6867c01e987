import { Inject, Injectable, Logger } from '@nestjs/common';
import { expiringTrialCredits, nextRenewal, PLAN_MONTHLY_CREDITS } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { Clock, CLOCK } from '../../../infrastructure/clock/clock';
import { CreditsRepository } from '../credits.repository';
import { PlansRepository } from '../plans.repository';
import { MoveCreditsUseCase } from './move-credits.use-case';

export interface AllowanceSettlement {
  refills: number;
  trialsExpired: number;
}

/**
 * Grants every plan refill that has come due (one month at a time, so a worker that was down for a
 * while catches up) and expires what is left of finished trials. Each account is settled in its own
 * transaction together with the date that proves it, so running this twice grants nothing twice.
 */
@Injectable()
export class SettleAllowancesUseCase {
  private readonly logger = new Logger(SettleAllowancesUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly plans: PlansRepository,
    private readonly credits: CreditsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<AllowanceSettlement> {
    const now = this.clock.now();
    let refills = 0;
    while (await this.refillOne(now)) refills += 1;
    let trialsExpired = 0;
    while (await this.expireOneTrial(now)) trialsExpired += 1;
    if (refills || trialsExpired) this.logger.log({ refills, trialsExpired }, 'allowances settled');
    return { refills, trialsExpired };
  }

  private refillOne(now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const due = await this.plans.lockNextDueRenewal(manager, now);
      if (!due) return false;
      await this.moveCredits.grant(manager, {
        accountId: due.accountId,
        amount: PLAN_MONTHLY_CREDITS[due.plan],
        reason: `${due.plan} plan monthly refill`,
        reference: `plan:${due.plan}:${due.renewsAt.toISOString()}`,
      });
      await this.plans.advanceRenewal(manager, due.accountId, nextRenewal(due.renewsAt));
      return true;
    });
  }

  private expireOneTrial(now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const due = await this.plans.lockNextDueTrialExpiry(manager, now);
      if (!due) return false;
      const balance = (await this.credits.findBalance(manager, due.accountId))?.balance ?? 0;
      const netSpent = await this.credits.netSpentSince(manager, due.accountId, due.trialStartedAt);
      const expiring = expiringTrialCredits(balance, netSpent);
      if (expiring > 0) {
        await this.moveCredits.spend(manager, {
          accountId: due.accountId,
          amount: expiring,
          reason: 'unused trial credits expired',
          reference: `trial:${due.accountId}`,
        });
      }
      await this.plans.settleTrial(manager, due.accountId, now);
      return true;
    });
  }
}
