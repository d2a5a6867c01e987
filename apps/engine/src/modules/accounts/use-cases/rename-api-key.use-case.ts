import { Injectable } from '@nestjs/common';
import type { ApiKeyView } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { AccountsRepository } from '../accounts.repository';
import { ApiKeyLastUsed } from '../api-key-last-used';
import { apiKeyNotFound, apiKeyScopeOf, ApiKeyViewer, isKeyId } from '../api-key-scope';
import { apiKeyViewJson } from './api-key-view-json';

@Injectable()
export class RenameApiKeyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly lastUsed: ApiKeyLastUsed,
  ) {}

  async execute(viewer: ApiKeyViewer, keyId: string, name: string): Promise<ApiKeyView> {
    const scope = apiKeyScopeOf(viewer);
    const renamed = isKeyId(keyId) ? await this.accounts.renameApiKey(this.dataSource.manager, scope, keyId, name) : null;
    if (!renamed) throw apiKeyNotFound();
    const noted = (await this.lastUsed.pending([renamed.id])).get(renamed.id);
    if (noted && (!renamed.lastUsedAt || noted > renamed.lastUsedAt)) renamed.lastUsedAt = noted;
    return apiKeyViewJson(renamed);
  }
}
