import { Inject, Injectable } from '@nestjs/common';
import { isPlanName, nextRenewal, PLAN_MONTHLY_CREDITS, PlanName } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../../infrastructure/database/transaction';
import { Clock, CLOCK } from '../../../infrastructure/clock/clock';
import { AccountsRepository } from '../../accounts/accounts.repository';
import { UnknownAccountError } from '../../accounts/use-cases/create-api-key.use-case';
import { PlansRepository } from '../plans.repository';
import { MoveCreditsUseCase } from './move-credits.use-case';

export interface PlanState {
  accountId: string;
  plan: PlanName | null;
  renewsAt: string | null;
  balance: number;
}

/**
 * Putting an account on a plan grants the first month at once and schedules the next refill a month
 * later; `none` ends the plan (credits already granted stay).
 */
@Injectable()
export class SetPlanUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly plans: PlansRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: { accountId: string; plan: string }, callerManager?: EntityManager): Promise<PlanState> {
    const plan = command.plan === 'none' ? null : command.plan;
    if (plan !== null && !isPlanName(plan)) throw new Error(`unknown plan "${command.plan}": starter, growth, pro, scale or none`);
    return inTransaction(this.dataSource, callerManager, async (manager) => {
      const account = await this.accounts.findAccount(manager, command.accountId, true);
      if (!account) throw new UnknownAccountError(command.accountId);
      if (plan === null) {
        await this.plans.setPlan(manager, account.id, null, null);
        const balance = (await this.plans.balance(manager, account.id)) as number;
        return { accountId: account.id, plan: null, renewsAt: null, balance };
      }
      if (account.plan === plan && account.planRenewsAt) {
        const balance = (await this.plans.balance(manager, account.id)) as number;
        return { accountId: account.id, plan, renewsAt: account.planRenewsAt.toISOString(), balance };
      }
      const now = this.clock.now();
      const renewsAt = nextRenewal(now);
      await this.plans.setPlan(manager, account.id, plan, renewsAt);
      const balance = await this.moveCredits.grant(manager, {
        accountId: account.id,
        amount: PLAN_MONTHLY_CREDITS[plan],
        reason: `${plan} plan credits`,
        reference: `plan:${plan}:${now.toISOString()}`,
      });
      return { accountId: account.id, plan, renewsAt: renewsAt.toISOString(), balance };
    });
  }
}
