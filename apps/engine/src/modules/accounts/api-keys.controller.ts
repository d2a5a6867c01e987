import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  apiKeyLimitsRequestSchema,
  apiKeyParamsSchema,
  createApiKeyRequestSchema,
  renameApiKeyRequestSchema,
} from '@lead-engine/contracts';
import type {
  ApiKeyLimitsRequest,
  ApiKeyList,
  ApiKeyParams,
  ApiKeyView,
  CreateApiKeyRequest,
  CreatedApiKey,
  RenameApiKeyRequest,
} from '@lead-engine/contracts';
import { ContractPipe } from '../../infrastructure/http/parse-input';
import { CurrentSession } from '../identity/current-session.decorator';
import type { ConsoleSessionPrincipal } from '../identity/session-authentication';
import { CreateConsoleApiKeyUseCase } from './use-cases/create-console-api-key.use-case';
import { ListApiKeysUseCase } from './use-cases/list-api-keys.use-case';
import { RenameApiKeyUseCase } from './use-cases/rename-api-key.use-case';
import { RevokeApiKeyUseCase } from './use-cases/revoke-api-key.use-case';
import { SetApiKeyLimitsUseCase } from './use-cases/set-api-key-limits.use-case';
import { apiKeyScopeOf } from './api-key-scope';

/** The console's keys page: the signed-in user's view of the account's API keys. */
@Controller('console/api/keys')
export class ApiKeysController {
  constructor(
    private readonly listApiKeys: ListApiKeysUseCase,
    private readonly createApiKey: CreateConsoleApiKeyUseCase,
    private readonly renameApiKey: RenameApiKeyUseCase,
    private readonly revokeApiKey: RevokeApiKeyUseCase,
    private readonly setApiKeyLimits: SetApiKeyLimitsUseCase,
  ) {}

  @Get()
  list(@CurrentSession() session: ConsoleSessionPrincipal): Promise<ApiKeyList> {
    return this.listApiKeys.execute(session);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Body(new ContractPipe(createApiKeyRequestSchema)) body: CreateApiKeyRequest,
  ): Promise<CreatedApiKey> {
    return this.createApiKey.execute(session, body.name);
  }

  @Patch(':id')
  rename(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(apiKeyParamsSchema)) params: ApiKeyParams,
    @Body(new ContractPipe(renameApiKeyRequestSchema)) body: RenameApiKeyRequest,
  ): Promise<ApiKeyView> {
    return this.renameApiKey.execute(session, params.id, body.name);
  }

  @Put(':id/limits')
  @HttpCode(204)
  setLimits(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(apiKeyParamsSchema)) params: ApiKeyParams,
    @Body(new ContractPipe(apiKeyLimitsRequestSchema)) body: ApiKeyLimitsRequest,
  ): Promise<void> {
    return this.setApiKeyLimits.executeWithin(apiKeyScopeOf(session), params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  revoke(
    @CurrentSession() session: ConsoleSessionPrincipal,
    @Param(new ContractPipe(apiKeyParamsSchema)) params: ApiKeyParams,
  ): Promise<void> {
    return this.revokeApiKey.executeWithin(apiKeyScopeOf(session), params.id);
  }
}
