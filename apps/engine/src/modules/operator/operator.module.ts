import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { EngineProcessRegistry } from './processes/engine-process-registry';
import { ThisEngineProcess } from './processes/this-engine-process';
import { PostgresOverviewRepository } from './system/postgres-overview.repository';
import { RedisServerInfo } from './system/redis-server-info';
import { WebhookBacklogRepository } from './system/webhook-backlog.repository';
import { GetSystemOverviewUseCase } from './system/use-cases/get-system-overview.use-case';

/** What whoever runs the server sees of it: the engine processes' reports and the System page's readings. */
@Module({
  imports: [LeadsModule],
  providers: [
    EngineProcessRegistry,
    ThisEngineProcess,
    PostgresOverviewRepository,
    RedisServerInfo,
    WebhookBacklogRepository,
    GetSystemOverviewUseCase,
  ],
  exports: [EngineProcessRegistry, ThisEngineProcess, GetSystemOverviewUseCase],
})
export class OperatorModule {}
