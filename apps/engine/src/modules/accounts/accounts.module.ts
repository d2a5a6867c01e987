import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { AccountsRepository } from './accounts.repository';
import { ApiKeyRevocations } from './api-key-revocations';
import { AuthenticateApiKeyUseCase } from './use-cases/authenticate-api-key.use-case';
import { CreateAccountUseCase } from './use-cases/create-account.use-case';
import { CreateApiKeyUseCase } from './use-cases/create-api-key.use-case';
import { EnsureDemoAccountUseCase } from './use-cases/ensure-demo-account.use-case';
import { RevokeApiKeyUseCase } from './use-cases/revoke-api-key.use-case';

@Module({
  imports: [CreditsModule],
  providers: [
    AccountsRepository,
    ApiKeyRevocations,
    AuthenticateApiKeyUseCase,
    CreateAccountUseCase,
    CreateApiKeyUseCase,
    RevokeApiKeyUseCase,
    EnsureDemoAccountUseCase,
  ],
  exports: [
    AccountsRepository,
    AuthenticateApiKeyUseCase,
    CreateAccountUseCase,
    CreateApiKeyUseCase,
    RevokeApiKeyUseCase,
    EnsureDemoAccountUseCase,
  ],
})
export class AccountsModule {}
