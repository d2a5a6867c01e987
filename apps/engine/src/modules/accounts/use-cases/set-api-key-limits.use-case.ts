import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsRepository, ApiKeyLimitsChange } from '../accounts.repository';
import { ApiKeyRevocations } from '../api-key-revocations';
import { ApiKeyNotFoundError } from './revoke-api-key.use-case';

/**
 * The operator sets or removes a key's budgets, expiry or read-only flag. Every engine process drops
 * its cached lookup of the key at once (as for a revocation), so new limits apply to the next call.
 */
@Injectable()
export class SetApiKeyLimitsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly revocations: ApiKeyRevocations,
  ) {}

  async execute(keyIdOrPrefix: string, change: ApiKeyLimitsChange): Promise<{ keyId: string }> {
    const updated = await this.dataSource.transaction(async (manager) => {
      const ids = await this.accounts.findApiKeyIds(manager, keyIdOrPrefix.trim());
      if (ids.length !== 1) throw new ApiKeyNotFoundError(ids.length === 0 ? 'none' : 'ambiguous', keyIdOrPrefix);
      return { keyId: ids[0], ...(await this.accounts.setApiKeyLimits(manager, ids[0], change))! };
    });
    await this.revocations.announce(updated.lookupPrefix);
    return { keyId: updated.keyId };
  }
}
