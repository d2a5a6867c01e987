import { Injectable } from '@nestjs/common';
import type { StartedTrial } from '@lead-engine/contracts';
import { PlanViewer, trialStarterAccountOf } from '../plan-viewer';
import { GetPlanUseCase } from './get-plan.use-case';
import { StartTrialUseCase } from './start-trial.use-case';

/** The Plan page's "Start trial": an owner's, through the same use-case as the CLI's trial:start (TRIAL_USED the second time). */
@Injectable()
export class StartConsoleTrialUseCase {
  constructor(
    private readonly startTrial: StartTrialUseCase,
    private readonly getPlan: GetPlanUseCase,
  ) {}

  async execute(viewer: PlanViewer): Promise<StartedTrial> {
    const accountId = trialStarterAccountOf(viewer);
    const started = await this.startTrial.execute(accountId);
    const view = await this.getPlan.execute(viewer);
    return { ...view, balance: started.balance };
  }
}
