import { Injectable } from '@nestjs/common';
import type { CreateApiKeyRequest, CreatedApiKey } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { CreateConsoleApiKeyUseCase } from '../../../accounts/use-cases/create-console-api-key.use-case';
import { asNotFound, operatorAccountId } from '../operator-account-id';
import { OperatorActionsRepository } from '../operator-actions.repository';

/** keys:create from the console: a key of the account with no creator, shown once; the record names it, never holds it. */
@Injectable()
export class CreateOperatorApiKeyUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly createApiKey: CreateConsoleApiKeyUseCase,
    private readonly actions: OperatorActionsRepository,
  ) {}

  async execute(operatorUserId: string, id: string, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
    const accountId = operatorAccountId(id);
    return this.dataSource
      .transaction(async (manager) => {
        const created = await this.createApiKey.executeForAccount({ accountId, name: request.name, createdByUserId: null }, manager);
        await this.actions.record(manager, {
          operatorUserId,
          accountId,
          action: 'key.create',
          details: { key_id: created.id, name: created.name, prefix: created.prefix },
        });
        return created;
      })
      .catch(asNotFound);
  }
}
