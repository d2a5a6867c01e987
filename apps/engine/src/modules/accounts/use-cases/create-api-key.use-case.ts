import { Inject, Injectable } from '@nestjs/common';
import { defaultApiKeyName, keyLookupPrefix } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { inTransaction } from '../../../infrastructure/database/transaction';
import { AccountsRepository, ApiKeyLimitsChange, ApiKeyView } from '../accounts.repository';
import { generateApiKey, hashApiKey } from '../api-key-secrets';

export interface CreateApiKeyCommand {
  accountId: string;
  /** Trimmed; blank or missing: "Key created <YYYY-MM-DD>". */
  name?: string;
  /** The console user who made it; null or missing: the operator CLI (or the demo start). */
  createdByUserId?: string | null;
  /** Budgets, expiry and read-only; none by default. */
  limits?: ApiKeyLimitsChange;
}

export interface CreatedApiKey {
  keyId: string;
  apiKey: string;
  view: ApiKeyView;
}

export const API_KEY_NAME_MAX_LENGTH = 100;

/** Every key is made here: by the CLI, for the demo account and from the console alike. */
@Injectable()
export class CreateApiKeyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The key is returned here once; only its hash is kept. */
  async execute(command: CreateApiKeyCommand, manager?: EntityManager): Promise<CreatedApiKey> {
    const createdAt = this.clock.now();
    const name = command.name?.trim() || defaultApiKeyName(createdAt);
    if (name.length > API_KEY_NAME_MAX_LENGTH) throw new Error(`a key's name is at most ${API_KEY_NAME_MAX_LENGTH} characters`);
    return inTransaction(this.dataSource, manager, async (tx) => {
      if (!(await this.accounts.findAccount(tx, command.accountId))) throw new UnknownAccountError(command.accountId);
      const apiKey = generateApiKey();
      const view = await this.accounts.insertApiKey(tx, {
        accountId: command.accountId,
        lookupPrefix: keyLookupPrefix(apiKey) as string,
        secretHash: hashApiKey(apiKey),
        name,
        createdByUserId: command.createdByUserId ?? null,
        createdAt,
        limits: command.limits,
      });
      return { keyId: view.id, apiKey, view };
    });
  }
}

export class UnknownAccountError extends Error {
  constructor(accountId: string) {
    super(`No account with id ${accountId}`);
    this.name = 'UnknownAccountError';
  }
}
