import { Inject, Injectable } from '@nestjs/common';
import type { ApiKeyLimitsRequest } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { Clock, CLOCK } from '../../../infrastructure/clock/clock';
import { AccountsRepository, ApiKeyLimitsChange, ApiKeyScope } from '../accounts.repository';
import { ApiKeyRevocations } from '../api-key-revocations';
import { apiKeyNotFound, isKeyId } from '../api-key-scope';
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
    @Inject(CLOCK) private readonly clock: Clock,
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

  /** An owner's change in the app: every limit of a live key of their account at once, by the CLI's rules. */
  async executeWithin(scope: ApiKeyScope, keyId: string, request: ApiKeyLimitsRequest): Promise<void> {
    const expiresAt = request.expires_at === null ? null : new Date(request.expires_at);
    if (expiresAt && expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new DomainError('VALIDATION_ERROR', 'expires_at: expected a time in the future', {
        details: [{ path: 'expires_at', message: 'expected a time in the future' }],
      });
    }
    const change: ApiKeyLimitsChange = {
      budgetTotal: request.total,
      budgetDay: request.day,
      maxPerCall: request.per_call,
      readOnly: request.read_only,
      expiresAt,
    };
    const updated = await this.dataSource.transaction(async (manager) => {
      if (!isKeyId(keyId) || !(await this.accounts.isLiveApiKeyInScope(manager, scope, keyId))) throw apiKeyNotFound();
      return this.accounts.setApiKeyLimits(manager, keyId, change);
    });
    await this.revocations.announce(updated!.lookupPrefix);
  }
}
