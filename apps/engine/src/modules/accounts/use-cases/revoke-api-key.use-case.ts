import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsRepository } from '../accounts.repository';
import { ApiKeyRevocations } from '../api-key-revocations';

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

@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly revocations: ApiKeyRevocations,
  ) {}

  async execute(keyIdOrPrefix: string): Promise<{ keyId: string; accountId: string }> {
    const revoked = await this.dataSource.transaction(async (manager) => {
      const ids = await this.accounts.findApiKeyIds(manager, keyIdOrPrefix.trim());
      if (ids.length !== 1) throw new ApiKeyNotFoundError(ids.length === 0 ? 'none' : 'ambiguous', keyIdOrPrefix);
      return { keyId: ids[0], ...(await this.accounts.revokeApiKey(manager, ids[0])) };
    });
    await this.revocations.announce(revoked.lookupPrefix);
    return { keyId: revoked.keyId, accountId: revoked.accountId };
  }
}
