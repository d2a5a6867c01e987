import { Body, Controller, Get, Put } from '@nestjs/common';
import { lowBalanceThresholdRequestSchema } from '@lead-engine/contracts';
import type { LowBalanceThresholdRequest, Overview } from '@lead-engine/contracts';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { GetOverviewUseCase } from './use-cases/get-overview.use-case';
import { SetLowBalanceThresholdUseCase } from './use-cases/set-low-balance-threshold.use-case';

/** The console's Overview page. */
@Controller('console/api/overview')
export class OverviewController {
  constructor(
    private readonly getOverview: GetOverviewUseCase,
    private readonly setThreshold: SetLowBalanceThresholdUseCase,
  ) {}

  @Get()
  overview(@CurrentSession() session: ConsoleSessionPrincipal): Promise<Overview> {
    return this.getOverview.execute(session);
  }

  @Put('low-balance-threshold')
  lowBalanceThreshold(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(lowBalanceThresholdRequestSchema)) body: LowBalanceThresholdRequest,
  ): Promise<Overview> {
    return this.setThreshold.execute(session, body.threshold);
  }
}
