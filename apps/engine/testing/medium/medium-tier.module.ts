import { DynamicModule, Module } from '@nestjs/common';
import { DOMAIN_MODULES } from '../../src/app/domain-modules';
import { InfrastructureModule } from '../../src/app/infrastructure.module';
import type { EngineConfig } from '../../src/config/engine-config.schema';

/**
 * The engine's modules as EngineModule wires them for every role, without HTTP and without any queue
 * processor (RunExportJob, RunScrapeJob, RunEnrichmentJob, the webhook workers, the allowance and
 * housekeeping jobs are providers EngineModule adds only for roles that run jobs): a job a use-case
 * queues stays in Redis, and the test settles it itself by calling the run or settle use-case.
 */
@Module({})
export class MediumTierModule {
  static register(config: EngineConfig): DynamicModule {
    return { module: MediumTierModule, imports: [InfrastructureModule.register(config), ...DOMAIN_MODULES] };
  }
}
