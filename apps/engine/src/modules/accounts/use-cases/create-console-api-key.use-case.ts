import { Inject, Injectable } from '@nestjs/common';
import type { CreatedApiKey } from '@lead-engine/contracts';
import { EntityManager } from 'typeorm';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { apiKeyScopeOf, ApiKeyViewer } from '../api-key-scope';
import { CreateApiKeyCommand, CreateApiKeyUseCase } from './create-api-key.use-case';

/** A key made in the console: the same kind of key as the CLI's, created by the signed-in user, shown once with a curl line. */
@Injectable()
export class CreateConsoleApiKeyUseCase {
  private readonly base: string;

  constructor(
    private readonly createApiKey: CreateApiKeyUseCase,
    @Inject(ENGINE_CONFIG) config: EngineConfig,
  ) {
    this.base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  }

  async execute(viewer: ApiKeyViewer, name: string): Promise<CreatedApiKey> {
    const { accountId } = apiKeyScopeOf(viewer);
    return this.executeForAccount({ accountId, name, createdByUserId: viewer.userId });
  }

  /** Any account's key, as the operator's pages make it (no creator), in the caller's transaction when given one. */
  async executeForAccount(command: CreateApiKeyCommand, manager?: EntityManager): Promise<CreatedApiKey> {
    const created = await this.createApiKey.execute(command, manager);
    return {
      id: created.keyId,
      name: created.view.name,
      prefix: created.view.prefix,
      created_at: created.view.createdAt.toISOString(),
      key: created.apiKey,
      curl: `curl -H "X-API-Key: ${created.apiKey}" ${this.base}/api/v1/credits`,
    };
  }
}
