import { Inject, Injectable } from '@nestjs/common';
import { DomainError, TRIAL_CREDITS, TRIAL_DAYS } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../../infrastructure/database/transaction';
import { Clock, CLOCK } from '../../../infrastructure/clock/clock';
import { AccountsRepository } from '../../accounts/accounts.repository';
import { UnknownAccountError } from '../../accounts/use-cases/create-api-key.use-case';
import { PlansRepository } from '../plans.repository';
import { MoveCreditsUseCase } from './move-credits.use-case';

/** The trial is one-time: TRIAL_USED (409) over HTTP, this message from the CLI. */
export class TrialAlreadyUsedError extends DomainError {
  constructor(accountId: string) {
    super('TRIAL_USED', `Account ${accountId} has already had its trial`);
    this.name = 'TrialAlreadyUsedError';
  }
}

@Injectable()
export class StartTrialUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly plans: PlansRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(accountId: string, callerManager?: EntityManager): Promise<{ accountId: string; balance: number; trialExpiresAt: string }> {
    return inTransaction(this.dataSource, callerManager, async (manager) => {
      const account = await this.accounts.findAccount(manager, accountId, true);
      if (!account) throw new UnknownAccountError(accountId);
      if (account.trialStartedAt) throw new TrialAlreadyUsedError(accountId);
      const startedAt = this.clock.now();
      const expiresAt = new Date(startedAt.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
      await this.plans.startTrial(manager, accountId, startedAt, expiresAt);
      const balance = await this.moveCredits.grant(manager, {
        accountId,
        amount: TRIAL_CREDITS,
        reason: 'trial credits',
        reference: `trial:${accountId}`,
      });
      return { accountId, balance, trialExpiresAt: expiresAt.toISOString() };
    });
  }
}
