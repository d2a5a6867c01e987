import { Controller, Get } from '@nestjs/common';
import type { ReadinessResponse } from '@lead-engine/contracts';
import { CheckReadinessUseCase } from './check-readiness.use-case';

@Controller('ready')
export class ReadinessController {
  constructor(private readonly checkReadiness: CheckReadinessUseCase) {}

  @Get()
  get(): Promise<ReadinessResponse> {
    return this.checkReadiness.execute();
  }
}
