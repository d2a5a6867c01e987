import { Injectable } from '@nestjs/common';
import { keyLookupPrefix } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../../infrastructure/database/transaction';
import { AccountsRepository } from '../accounts.repository';
import { generateApiKey, hashApiKey } from '../api-key-secrets';

export interface CreatedApiKey {
  keyId: string;
  apiKey: string;
}

@Injectable()
export class CreateApiKeyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
  ) {}

  /** The key is returned here once; only its hash is kept. */
  async execute(accountId: string, manager?: EntityManager): Promise<CreatedApiKey> {
    return inTransaction(this.dataSource, manager, async (tx) => {
      if (!(await this.accounts.findAccount(tx, accountId))) throw new UnknownAccountError(accountId);
      const apiKey = generateApiKey();
      const keyId = await this.accounts.insertApiKey(tx, accountId, keyLookupPrefix(apiKey) as string, hashApiKey(apiKey));
      return { keyId, apiKey };
    });
  }
}

export class UnknownAccountError extends Error {
  constructor(accountId: string) {
    super(`No account with id ${accountId}`);
    this.name = 'UnknownAccountError';
  }
}
