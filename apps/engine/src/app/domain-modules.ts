import { AccountsModule } from '../modules/accounts/accounts.module';
import { ContactsModule } from '../modules/contacts/contacts.module';
import { CreditsModule } from '../modules/credits/credits.module';
import { EnrichmentModule } from '../modules/enrichment/enrichment.module';
import { ExportsModule } from '../modules/exports/exports.module';
import { HousekeepingModule } from '../modules/housekeeping/housekeeping.module';
import { IcpModule } from '../modules/icp/icp.module';
import { IdempotencyModule } from '../modules/idempotency/idempotency.module';
import { LeadsModule } from '../modules/leads/leads.module';
import { MetricsModule } from '../modules/metrics/metrics.module';
import { OnboardingModule } from '../modules/onboarding/onboarding.module';
import { OperatorModule } from '../modules/operator/operator.module';
import { ScrapeModule } from '../modules/scrape/scrape.module';
import { UsageModule } from '../modules/usage/usage.module';
import { UsersModule } from '../modules/users/users.module';
import { WebhooksModule } from '../modules/webhooks/webhooks.module';

/**
 * The modules every role loads: use-cases, repositories and ports, no controller and no job runner
 * (EngineModule adds those by role). The medium tier loads the same, so it tests the wiring the engine runs.
 */
export const DOMAIN_MODULES = [
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
  OperatorModule,
];
