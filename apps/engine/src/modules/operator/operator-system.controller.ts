import { Controller, Get } from '@nestjs/common';
import type { OperatorSystem } from '@lead-engine/contracts';
import { GetSystemOverviewUseCase } from './system/use-cases/get-system-overview.use-case';

/** The console's System page, for the server's operator (the operation's access refuses everyone else). */
@Controller('console/api/operator/system')
export class OperatorSystemController {
  constructor(private readonly getSystem: GetSystemOverviewUseCase) {}

  @Get()
  system(): Promise<OperatorSystem> {
    return this.getSystem.execute();
  }
}
