import { DynamicModule, Module } from '@nestjs/common';
import type { EngineConfig } from '../config/engine-config.schema';
import { InfrastructureModule } from '../app/infrastructure.module';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { OnboardingModule } from '../modules/onboarding/onboarding.module';
import { ContactsModule } from '../modules/contacts/contacts.module';
import { CreditsModule } from '../modules/credits/credits.module';
import { HousekeepingModule } from '../modules/housekeeping/housekeeping.module';
import { UsersModule } from '../modules/users/users.module';
import { WebhooksModule } from '../modules/webhooks/webhooks.module';

/**
 * What the operator commands need: the use-cases, without HTTP or queue processors; the webhooks too,
 * which hear the debits the credits make.
 */
@Module({})
export class CliModule {
  static register(config: EngineConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        InfrastructureModule.register(config),
        AccountsModule,
        CreditsModule,
        OnboardingModule,
        ContactsModule,
        UsersModule,
        HousekeepingModule,
        WebhooksModule,
      ],
    };
  }
}
