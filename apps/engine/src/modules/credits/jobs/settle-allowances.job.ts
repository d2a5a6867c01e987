import { Process, Processor } from '@nestjs/bull';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import { SettleAllowancesUseCase } from '../use-cases/settle-allowances.use-case';

export const SETTLE_ALLOWANCES_JOB = 'settle-allowances';

@Processor(QUEUE_NAMES.billing)
export class SettleAllowancesJob {
  constructor(private readonly settleAllowances: SettleAllowancesUseCase) {}

  @Process(SETTLE_ALLOWANCES_JOB)
  async handle() {
    return this.settleAllowances.execute();
  }
}
