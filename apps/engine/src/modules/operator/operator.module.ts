import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { GetContactTotalsUseCase } from './contacts/use-cases/get-contact-totals.use-case';
import { EngineProcessesRepository } from './processes/engine-processes.repository';
import { ThisEngineProcess } from './processes/this-engine-process';
import { PostgresOverviewRepository } from './system/postgres-overview.repository';
import { RedisOverviewRepository } from './system/redis-overview.repository';
import { WebhookBacklogRepository } from './system/webhook-backlog.repository';
import { GetSystemOverviewUseCase } from './system/use-cases/get-system-overview.use-case';

/** What whoever runs the server sees of it: the engine processes' reports, the System page's readings and the contacts in totals. */
@Module({
  imports: [LeadsModule],
  providers: [
    EngineProcessesRepository,
    ThisEngineProcess,
    PostgresOverviewRepository,
    RedisOverviewRepository,
    WebhookBacklogRepository,
    GetSystemOverviewUseCase,
    GetContactTotalsUseCase,
  ],
  exports: [EngineProcessesRepository, ThisEngineProcess, GetSystemOverviewUseCase, GetContactTotalsUseCase],
})
export class OperatorModule {}
