import { Module } from '@nestjs/common';
import { AccountsRepository } from './accounts.repository';
import { ApiKeyLastUsed } from './api-key-last-used';
import { ApiKeyRevocations } from './api-key-revocations';
import { SetApiKeyLimitsUseCase } from './use-cases/set-api-key-limits.use-case';
import { AuthenticateApiKeyUseCase } from './use-cases/authenticate-api-key.use-case';
import { CreateApiKeyUseCase } from './use-cases/create-api-key.use-case';
import { CreateConsoleApiKeyUseCase } from './use-cases/create-console-api-key.use-case';
import { ListApiKeysUseCase } from './use-cases/list-api-keys.use-case';
import { RenameApiKeyUseCase } from './use-cases/rename-api-key.use-case';
import { RevokeApiKeyUseCase } from './use-cases/revoke-api-key.use-case';

@Module({
  providers: [
    AccountsRepository,
    ApiKeyRevocations,
    ApiKeyLastUsed,
    AuthenticateApiKeyUseCase,
    CreateApiKeyUseCase,
    RevokeApiKeyUseCase,
    ListApiKeysUseCase,
    CreateConsoleApiKeyUseCase,
    RenameApiKeyUseCase,
    SetApiKeyLimitsUseCase,
  ],
  exports: [
    ApiKeyLastUsed,
    AccountsRepository,
    AuthenticateApiKeyUseCase,
    CreateApiKeyUseCase,
    RevokeApiKeyUseCase,
    ListApiKeysUseCase,
    CreateConsoleApiKeyUseCase,
    RenameApiKeyUseCase,
    SetApiKeyLimitsUseCase,
    ApiKeyRevocations,
  ],
})
export class AccountsModule {}
