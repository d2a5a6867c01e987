import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { EngineConfig } from '../config/engine-config.schema';
import { ErrorEnvelopeFilter } from '../infrastructure/http/error-envelope.filter';
import { RateLimiter } from '../infrastructure/http/rate-limiter';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { OnboardingModule } from '../modules/onboarding/onboarding.module';
import { ApiKeysController } from '../modules/accounts/api-keys.controller';
import { FlushApiKeyLastUsedJob } from '../modules/accounts/jobs/flush-api-key-last-used.job';
import { CreditsController } from '../modules/credits/credits.controller';
import { CreditsModule } from '../modules/credits/credits.module';
import { PlanController } from '../modules/credits/plan.controller';
import { ScheduleAllowanceSettlement } from '../modules/credits/jobs/schedule-allowance-settlement';
import { SettleAllowancesJob } from '../modules/credits/jobs/settle-allowances.job';
import { ContactsModule } from '../modules/contacts/contacts.module';
import { CheckHealthUseCase } from '../modules/health/check-health.use-case';
import { CheckReadinessUseCase } from '../modules/health/check-readiness.use-case';
import { HealthController } from '../modules/health/health.controller';
import { ReadinessController } from '../modules/health/readiness.controller';
import { HousekeepingModule } from '../modules/housekeeping/housekeeping.module';
import { SweepExpiredRowsJob } from '../modules/housekeeping/jobs/sweep-expired-rows.job';
import { DocsController } from '../modules/docs/docs.controller';
import { RetiredController } from '../modules/retired/retired.controller';
import { SavedSearchesModule } from '../modules/saved-searches/saved-searches.module';
import { IdempotencyModule } from '../modules/idempotency/idempotency.module';
import { ConsoleLeadsController } from '../modules/leads/console-leads.controller';
import { LeadsController } from '../modules/leads/leads.controller';
import { LeadsModule } from '../modules/leads/leads.module';
import { McpModule } from '../modules/mcp/mcp.module';
import { MetricsModule } from '../modules/metrics/metrics.module';
import { ConsoleExportsController } from '../modules/exports/console-exports.controller';
import { ExportDownloadsController } from '../modules/exports/export-downloads.controller';
import { ExportsController } from '../modules/exports/exports.controller';
import { ExportsModule } from '../modules/exports/exports.module';
import { RunExportJob } from '../modules/exports/jobs/run-export.job';
import { RunScrapeJob } from '../modules/scrape/jobs/run-scrape.job';
import { ConsoleScrapesController } from '../modules/scrape/console-scrapes.controller';
import { ScrapeController } from '../modules/scrape/scrape.controller';
import { ScrapeModule } from '../modules/scrape/scrape.module';
import { IcpController } from '../modules/icp/icp.controller';
import { IcpModule } from '../modules/icp/icp.module';
import { ConsoleEnrichmentsController } from '../modules/enrichment/console-enrichments.controller';
import { EnrichmentController } from '../modules/enrichment/enrichment.controller';
import { EnrichmentModule } from '../modules/enrichment/enrichment.module';
import { RunEnrichmentJob } from '../modules/enrichment/jobs/run-enrichment.job';
import { JobsController } from '../modules/jobs/jobs.controller';
import { JobsModule } from '../modules/jobs/jobs.module';
import { WebhooksController } from '../modules/webhooks/webhooks.controller';
import { DeliverWebhookJob } from '../modules/webhooks/deliveries/jobs/deliver-webhook.job';
import { WebhooksModule } from '../modules/webhooks/webhooks.module';
import { InvitesController } from '../modules/users/invites.controller';
import { MeController } from '../modules/users/me.controller';
import { SessionsController } from '../modules/users/sessions.controller';
import { TeamController } from '../modules/users/team/team.controller';
import { UsersModule } from '../modules/users/users.module';
import { OverviewController } from '../modules/usage/overview.controller';
import { UsageController } from '../modules/usage/usage.controller';
import { UsageModule } from '../modules/usage/usage.module';
import { InfrastructureModule } from './infrastructure.module';

export const servesHttp = (config: EngineConfig) => config.ENGINE_ROLE !== 'worker';
export const runsJobs = (config: EngineConfig) => config.ENGINE_ROLE !== 'api';

/** One runner per job kind, in the processes that run jobs: each takes its kind off its queue and keeps its unfinished jobs queued. */
const JOB_RUNNERS = [RunExportJob, RunScrapeJob, RunEnrichmentJob, DeliverWebhookJob];

/** One module for every role: HTTP controllers when the role serves the API, Bull processors when it runs jobs. */
@Module({})
export class EngineModule {
  static register(config: EngineConfig): DynamicModule {
    const controllers: Type[] = servesHttp(config)
      ? [
          HealthController,
          ReadinessController,
          DocsController,
          CreditsController,
          LeadsController,
          ExportsController,
          ExportDownloadsController,
          ScrapeController,
          IcpController,
          EnrichmentController,
          WebhooksController,
          RetiredController,
          SessionsController,
          MeController,
          InvitesController,
          ApiKeysController,
          PlanController,
          TeamController,
          UsageController,
          OverviewController,
          ConsoleLeadsController,
          ConsoleExportsController,
          JobsController,
          ConsoleScrapesController,
          ConsoleEnrichmentsController,
        ]
      : [];
    const providers: Provider[] = [CheckHealthUseCase, CheckReadinessUseCase];
    if (servesHttp(config)) providers.push(RateLimiter, { provide: APP_FILTER, useClass: ErrorEnvelopeFilter }, FlushApiKeyLastUsedJob);
    if (runsJobs(config)) providers.push(SettleAllowancesJob, ScheduleAllowanceSettlement, SweepExpiredRowsJob, ...JOB_RUNNERS);
    return {
      module: EngineModule,
      imports: [
        InfrastructureModule.register(config),
        AccountsModule,
        CreditsModule,
        OnboardingModule,
        IdempotencyModule,
        LeadsModule,
        ExportsModule,
        ContactsModule,
        ScrapeModule,
        IcpModule,
        EnrichmentModule,
        WebhooksModule,
        UsersModule,
        UsageModule,
        HousekeepingModule,
        MetricsModule,
        ...(servesHttp(config) ? [McpModule, SavedSearchesModule, JobsModule] : []),
      ],
      controllers,
      providers,
    };
  }
}
