import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { PlanView, StartedTrial } from '@lead-engine/contracts';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { GetPlanUseCase } from './use-cases/get-plan.use-case';
import { StartConsoleTrialUseCase } from './use-cases/start-console-trial.use-case';

/** The console's Plan page. Changing the plan stays the operator's (CLI plans:set): there is no endpoint for it. */
@Controller('console/api/plan')
export class PlanController {
  constructor(
    private readonly getPlan: GetPlanUseCase,
    private readonly startTrial: StartConsoleTrialUseCase,
  ) {}

  @Get()
  get(@CurrentSession() session: ConsoleSessionPrincipal): Promise<PlanView> {
    return this.getPlan.execute(session);
  }

  @Post('trial')
  @HttpCode(201)
  trial(@CurrentSession() session: ConsoleSessionPrincipal): Promise<StartedTrial> {
    return this.startTrial.execute(session);
  }
}
