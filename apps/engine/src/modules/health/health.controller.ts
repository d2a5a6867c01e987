import { Controller, Get } from '@nestjs/common';
import type { HealthResponse } from '@lead-engine/contracts';
import { CheckHealthUseCase } from './check-health.use-case';

@Controller('health')
export class HealthController {
  constructor(private readonly checkHealth: CheckHealthUseCase) {}

  @Get()
  get(): Promise<HealthResponse> {
    return this.checkHealth.execute();
  }
}
