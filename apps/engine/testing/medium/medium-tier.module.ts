import { DynamicModule, Module } from '@nestjs/common';
import { InfrastructureModule } from '../../src/app/infrastructure.module';
import type { EngineConfig } from '../../src/config/engine-config.schema';
import { AccountsModule } from '../../src/modules/accounts/accounts.module';
import { ContactsModule } from '../../src/modules/contacts/contacts.module';
import { CreditsModule } from '../../src/modules/credits/credits.module';
import { EnrichmentModule } from '../../src/modules/enrichment/enrichment.module';
import { ExportsModule } from '../../src/modules/exports/exports.module';
import { IdempotencyModule } from '../../src/modules/idempotency/idempotency.module';
import { LeadsModule } from '../../src/modules/leads/leads.module';
import { OnboardingModule } from '../../src/modules/onboarding/onboarding.module';
import { ScrapeModule } from '../../src/modules/scrape/scrape.module';
import { WebhooksModule } from '../../src/modules/webhooks/webhooks.module';

/**
 * The money path's modules as EngineModule wires them, without HTTP and without any queue processor
 * (RunExportJob, RunScrapeJob, RunEnrichmentJob, the webhook workers, the allowance and housekeeping
 * jobs are providers EngineModule adds only for roles that run jobs): a job a use-case queues stays in
 * Redis, and the test settles it itself by calling the run or settle use-case.
 */
@Module({})
export class MediumTierModule {
  static register(config: EngineConfig): DynamicModule {
    return {
      module: MediumTierModule,
      imports: [
        InfrastructureModule.register(config),
        AccountsModule,
        CreditsModule,
        OnboardingModule,
        IdempotencyModule,
        ContactsModule,
        LeadsModule,
        ExportsModule,
        ScrapeModule,
        EnrichmentModule,
        WebhooksModule,
      ],
    };
  }
}
