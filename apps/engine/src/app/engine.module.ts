import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { EngineConfig } from '../config/engine-config.schema';
import { ErrorEnvelopeFilter } from '../infrastructure/http/error-envelope.filter';
import { RateLimiter } from '../infrastructure/http/rate-limiter';
import { ApiKeysController } from '../modules/accounts/api-keys.controller';
import { FlushApiKeyLastUsedJob } from '../modules/accounts/jobs/flush-api-key-last-used.job';
import { CreditsController } from '../modules/credits/credits.controller';
import { PlanController } from '../modules/credits/plan.controller';
import { ScheduleAllowanceSettlement } from '../modules/credits/jobs/schedule-allowance-settlement';
import { SettleAllowancesJob } from '../modules/credits/jobs/settle-allowances.job';
import { CheckHealthUseCase } from '../modules/health/check-health.use-case';
import { CheckReadinessUseCase } from '../modules/health/check-readiness.use-case';
import { HealthController } from '../modules/health/health.controller';
import { ReadinessController } from '../modules/health/readiness.controller';
import { SweepExpiredRowsJob } from '../modules/housekeeping/jobs/sweep-expired-rows.job';
import { DocsController } from '../modules/docs/docs.controller';
import { RetiredController } from '../modules/retired/retired.controller';
import { SavedSearchesModule } from '../modules/saved-searches/saved-searches.module';
import { ConsoleLeadsController } from '../modules/leads/console-leads.controller';
import { LeadsController } from '../modules/leads/leads.controller';
import { RevealedLeadsController } from '../modules/leads/revealed/revealed-leads.controller';
import { ConsoleRevealedLeadsController } from '../modules/leads/revealed/console-revealed-leads.controller';
import { McpModule } from '../modules/mcp/mcp.module';
import { OperatorContactsController } from '../modules/operator/operator-contacts.controller';
import { OperatorAccountAccessController } from '../modules/operator/accounts/operator-account-access.controller';
import { OperatorAccountsController } from '../modules/operator/accounts/operator-accounts.controller';
import { OperatorSystemController } from '../modules/operator/operator-system.controller';
import { ReportEngineProcessJob } from '../modules/operator/jobs/report-engine-process.job';
import { ConsoleExportsController } from '../modules/exports/console-exports.controller';
import { ExportDownloadsController } from '../modules/exports/export-downloads.controller';
import { ExportsController } from '../modules/exports/exports.controller';
import { QueueShutdown } from '../infrastructure/jobs/queue-shutdown';
import { RunExportJob } from '../modules/exports/jobs/run-export.job';
import { RunContactImportJob } from '../modules/operator/contact-imports/jobs/run-contact-import.job';
import { OperatorContactImportsController } from '../modules/operator/contact-imports/operator-contact-imports.controller';
import { RunScrapeJob } from '../modules/scrape/jobs/run-scrape.job';
import { ConsoleScrapesController } from '../modules/scrape/console-scrapes.controller';
import { ScrapeController } from '../modules/scrape/scrape.controller';
import { IcpController } from '../modules/icp/icp.controller';
import { ConsoleEnrichmentsController } from '../modules/enrichment/console-enrichments.controller';
import { EnrichmentController } from '../modules/enrichment/enrichment.controller';
import { RunEnrichmentJob } from '../modules/enrichment/jobs/run-enrichment.job';
import { JobsController } from '../modules/jobs/jobs.controller';
import { JobsModule } from '../modules/jobs/jobs.module';
import { WebhooksController } from '../modules/webhooks/webhooks.controller';
import { DeliverWebhookJob } from '../modules/webhooks/deliveries/jobs/deliver-webhook.job';
import { InvitesController } from '../modules/users/invites.controller';
import { MeController } from '../modules/users/me.controller';
import { SessionsController } from '../modules/users/sessions.controller';
import { TeamController } from '../modules/users/team/team.controller';
import { OverviewController } from '../modules/usage/overview.controller';
import { UsageController } from '../modules/usage/usage.controller';
import { DOMAIN_MODULES } from './domain-modules';
import { InfrastructureModule } from './infrastructure.module';

export const servesHttp = (config: EngineConfig) => config.ENGINE_ROLE !== 'worker';
export const runsJobs = (config: EngineConfig) => config.ENGINE_ROLE !== 'api';

/** One runner per job kind, in the processes that run jobs: each takes its kind off its queue and keeps its unfinished jobs queued. */
const JOB_RUNNERS = [RunExportJob, RunScrapeJob, RunEnrichmentJob, DeliverWebhookJob, RunContactImportJob];

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
          RevealedLeadsController,
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
          ConsoleRevealedLeadsController,
          ConsoleExportsController,
          JobsController,
          ConsoleScrapesController,
          ConsoleEnrichmentsController,
          OperatorSystemController,
          OperatorContactsController,
          OperatorAccountsController,
          OperatorContactImportsController,
          OperatorAccountAccessController,
        ]
      : [];
    const providers: Provider[] = [CheckHealthUseCase, CheckReadinessUseCase, ReportEngineProcessJob, QueueShutdown];
    if (servesHttp(config)) providers.push(RateLimiter, { provide: APP_FILTER, useClass: ErrorEnvelopeFilter }, FlushApiKeyLastUsedJob);
    if (runsJobs(config)) providers.push(SettleAllowancesJob, ScheduleAllowanceSettlement, SweepExpiredRowsJob, ...JOB_RUNNERS);
    return {
      module: EngineModule,
      imports: [
        InfrastructureModule.register(config),
        ...DOMAIN_MODULES,
        ...(servesHttp(config) ? [McpModule, SavedSearchesModule, JobsModule] : []),
      ],
      controllers,
      providers,
    };
  }
}
