import { Injectable } from '@nestjs/common';
import type { OperatorAccount } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { StartTrialUseCase } from '../../../credits/use-cases/start-trial.use-case';
import { asNotFound, operatorAccountId } from '../operator-account-id';
import { OperatorActionsRepository } from '../operator-actions.repository';
import { GetOperatorAccountUseCase } from './get-operator-account.use-case';

/** trial:start from the console (TRIAL_USED the second time), recorded with its effect. */
@Injectable()
export class StartOperatorTrialUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly startTrial: StartTrialUseCase,
    private readonly actions: OperatorActionsRepository,
    private readonly getAccount: GetOperatorAccountUseCase,
  ) {}

  async execute(operatorUserId: string, id: string): Promise<OperatorAccount> {
    const accountId = operatorAccountId(id);
    await this.dataSource
      .transaction(async (manager) => {
        const started = await this.startTrial.execute(accountId, manager);
        await this.actions.record(manager, {
          operatorUserId,
          accountId,
          action: 'trial.start',
          details: { expires_at: started.trialExpiresAt },
        });
      })
      .catch(asNotFound);
    return this.getAccount.execute(accountId);
  }
}
