import { Injectable } from '@nestjs/common';
import type { OperatorAccount, OperatorSetPlanRequest } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { SetPlanUseCase } from '../../../credits/use-cases/set-plan.use-case';
import { asNotFound, operatorAccountId } from '../operator-account-id';
import { OperatorActionsRepository } from '../operator-actions.repository';
import { GetOperatorAccountUseCase } from './get-operator-account.use-case';

/** plans:set from the console, recorded with its effect. */
@Injectable()
export class SetOperatorPlanUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly setPlan: SetPlanUseCase,
    private readonly actions: OperatorActionsRepository,
    private readonly getAccount: GetOperatorAccountUseCase,
  ) {}

  async execute(operatorUserId: string, id: string, request: OperatorSetPlanRequest): Promise<OperatorAccount> {
    const accountId = operatorAccountId(id);
    await this.dataSource
      .transaction(async (manager) => {
        const state = await this.setPlan.execute({ accountId, plan: request.plan }, manager);
        await this.actions.record(manager, {
          operatorUserId,
          accountId,
          action: 'plan.set',
          details: { plan: request.plan, renews_at: state.renewsAt },
        });
      })
      .catch(asNotFound);
    return this.getAccount.execute(accountId);
  }
}
