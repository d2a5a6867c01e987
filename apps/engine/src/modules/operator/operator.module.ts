import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import { ContactsModule } from '../contacts/contacts.module';
import { AccountsModule } from '../accounts/accounts.module';
import { CreditsModule } from '../credits/credits.module';
import { LeadsModule } from '../leads/leads.module';
import { OnboardingModule } from '../onboarding/onboarding.module';
import { UsersModule } from '../users/users.module';
import { OperatorAccountsRepository } from './accounts/operator-accounts.repository';
import { OperatorActionsRepository } from './accounts/operator-actions.repository';
import { CreateOperatorAccountUseCase } from './accounts/use-cases/create-operator-account.use-case';
import { CreateOperatorApiKeyUseCase } from './accounts/use-cases/create-operator-api-key.use-case';
import { GetOperatorAccountUseCase } from './accounts/use-cases/get-operator-account.use-case';
import { GrantOperatorCreditsUseCase } from './accounts/use-cases/grant-operator-credits.use-case';
import { InviteOperatorUserUseCase } from './accounts/use-cases/invite-operator-user.use-case';
import { ResetOperatorUserPasswordUseCase } from './accounts/use-cases/reset-operator-user-password.use-case';
import { RevokeOperatorApiKeyUseCase } from './accounts/use-cases/revoke-operator-api-key.use-case';
import { SearchOperatorAccountsUseCase } from './accounts/use-cases/search-operator-accounts.use-case';
import { SetOperatorPlanUseCase } from './accounts/use-cases/set-operator-plan.use-case';
import { StartOperatorTrialUseCase } from './accounts/use-cases/start-operator-trial.use-case';
import { ContactImportUploads } from './contact-imports/contact-import-uploads';
import { ContactImportsRepository } from './contact-imports/contact-imports.repository';
import { GetContactImportUseCase } from './contact-imports/use-cases/get-contact-import.use-case';
import { ListContactImportsUseCase } from './contact-imports/use-cases/list-contact-imports.use-case';
import { RunContactImportUseCase } from './contact-imports/use-cases/run-contact-import.use-case';
import { ContactImportQueue } from './contact-imports/contact-import-queue';
import { StartContactGenerationUseCase } from './contact-imports/use-cases/start-contact-generation.use-case';
import { StartContactImportUseCase } from './contact-imports/use-cases/start-contact-import.use-case';
import { GetContactTotalsUseCase } from './contacts/use-cases/get-contact-totals.use-case';
import { EngineProcessesRepository } from './processes/engine-processes.repository';
import { ThisEngineProcess } from './processes/this-engine-process';
import { PostgresOverviewRepository } from './system/postgres-overview.repository';
import { RedisOverviewRepository } from './system/redis-overview.repository';
import { WebhookBacklogRepository } from './system/webhook-backlog.repository';
import { GetSystemOverviewUseCase } from './system/use-cases/get-system-overview.use-case';

const OPERATOR_ACCOUNT_USE_CASES = [
  SearchOperatorAccountsUseCase,
  CreateOperatorAccountUseCase,
  GetOperatorAccountUseCase,
  GrantOperatorCreditsUseCase,
  SetOperatorPlanUseCase,
  StartOperatorTrialUseCase,
  CreateOperatorApiKeyUseCase,
  RevokeOperatorApiKeyUseCase,
  InviteOperatorUserUseCase,
  ResetOperatorUserPasswordUseCase,
];

const CONTACT_IMPORT_USE_CASES = [
  ContactImportQueue,
  StartContactImportUseCase,
  StartContactGenerationUseCase,
  ListContactImportsUseCase,
  GetContactImportUseCase,
  RunContactImportUseCase,
];

/** What whoever runs the server sees of it and does to it: the System page's readings, the contacts in totals and the Accounts pages. */
@Module({
  imports: [
    LeadsModule,
    CreditsModule,
    OnboardingModule,
    AccountsModule,
    UsersModule,
    ContactsModule,
    BullModule.registerQueue({ name: QUEUE_NAMES.contacts }),
  ],
  providers: [
    EngineProcessesRepository,
    ThisEngineProcess,
    PostgresOverviewRepository,
    RedisOverviewRepository,
    WebhookBacklogRepository,
    GetSystemOverviewUseCase,
    GetContactTotalsUseCase,
    ...OPERATOR_ACCOUNT_USE_CASES,
    OperatorAccountsRepository,
    OperatorActionsRepository,
    ContactImportsRepository,
    ContactImportUploads,
    ...CONTACT_IMPORT_USE_CASES,
  ],
  exports: [
    EngineProcessesRepository,
    ThisEngineProcess,
    GetSystemOverviewUseCase,
    GetContactTotalsUseCase,
    ...OPERATOR_ACCOUNT_USE_CASES,
    ContactImportsRepository,
    ContactImportUploads,
    ...CONTACT_IMPORT_USE_CASES,
    BullModule,
  ],
})
export class OperatorModule {}
