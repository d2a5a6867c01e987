import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RevokeApiKeyUseCase } from '../../../accounts/use-cases/revoke-api-key.use-case';
import { operatorAccountId } from '../operator-account-id';
import { OperatorAccountsRepository } from '../operator-accounts.repository';
import { OperatorActionsRepository } from '../operator-actions.repository';

/** keys:revoke from the console, for a live key of this account only; /api/v1 refuses it once the record commits with it. */
@Injectable()
export class RevokeOperatorApiKeyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly revokeApiKey: RevokeApiKeyUseCase,
    private readonly accounts: OperatorAccountsRepository,
    private readonly actions: OperatorActionsRepository,
  ) {}

  async execute(operatorUserId: string, id: string, keyId: string): Promise<void> {
    const accountId = operatorAccountId(id);
    await this.revokeApiKey.executeWithin({ accountId, createdByUserId: null }, keyId, async (manager) => {
      const key = (await this.accounts.findKey(manager, accountId, keyId))!;
      await this.actions.record(manager, {
        operatorUserId,
        accountId,
        action: 'key.revoke',
        details: { key_id: key.id, name: key.name, prefix: key.prefix },
      });
    });
  }
}
