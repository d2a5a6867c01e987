import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AccountsRepository, ApiKeyScope } from '../accounts.repository';
import { ApiKeyRevocations } from '../api-key-revocations';
import { apiKeyNotFound, isKeyId } from '../api-key-scope';

export class ApiKeyNotFoundError extends Error {
  constructor(
    readonly reason: 'none' | 'ambiguous',
    keyIdOrPrefix: string,
  ) {
    super(
      reason === 'none' ? `No API key matches ${keyIdOrPrefix}` : `More than one API key starts with ${keyIdOrPrefix}; give more of it`,
    );
    this.name = 'ApiKeyNotFoundError';
  }
}

/** Revokes a key and tells every engine process at once, so it fails on /api/v1 right away. */
@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly revocations: ApiKeyRevocations,
  ) {}

  /** The operator's revocation: any key, by its id or the start of the key. */
  async execute(keyIdOrPrefix: string): Promise<{ keyId: string; accountId: string }> {
    const revoked = await this.dataSource.transaction(async (manager) => {
      const ids = await this.accounts.findApiKeyIds(manager, keyIdOrPrefix.trim());
      if (ids.length !== 1) throw new ApiKeyNotFoundError(ids.length === 0 ? 'none' : 'ambiguous', keyIdOrPrefix);
      return { keyId: ids[0], ...(await this.accounts.revokeApiKey(manager, ids[0])) };
    });
    await this.revocations.announce(revoked.lookupPrefix);
    return { keyId: revoked.keyId, accountId: revoked.accountId };
  }

  /**
   * A console user's revocation: a live key by its id, within what they may see, or NOT_FOUND. `alongside`
   * runs in the revocation's transaction (the operator's record of it); the engines hear of it once committed.
   */
  async executeWithin(scope: ApiKeyScope, keyId: string, alongside?: (manager: EntityManager) => Promise<void>): Promise<void> {
    const lookupPrefix = await this.dataSource.transaction(async (manager) => {
      if (!isKeyId(keyId) || !(await this.accounts.isLiveApiKeyInScope(manager, scope, keyId))) throw apiKeyNotFound();
      const revoked = await this.accounts.revokeApiKey(manager, keyId);
      await alongside?.(manager);
      return revoked.lookupPrefix;
    });
    await this.revocations.announce(lookupPrefix);
  }
}
