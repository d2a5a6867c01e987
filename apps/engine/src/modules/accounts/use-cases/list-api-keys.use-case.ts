import { Inject, Injectable } from '@nestjs/common';
import type { ApiKeyList } from '@lead-engine/contracts';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { AccountsRepository } from '../accounts.repository';
import { ApiKeyLastUsed } from '../api-key-last-used';
import { apiKeyScopeOf, ApiKeyViewer } from '../api-key-scope';
import { apiKeyViewJson } from './api-key-view-json';

const SPEND_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The keys page: the viewer's live keys with their last use (PostgreSQL, or Redis when newer) and 30-day spend. */
@Injectable()
export class ListApiKeysUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly lastUsed: ApiKeyLastUsed,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(viewer: ApiKeyViewer): Promise<ApiKeyList> {
    const scope = apiKeyScopeOf(viewer);
    const since = new Date(this.clock.now().getTime() - SPEND_WINDOW_MS);
    const now = this.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const keys = await this.accounts.listApiKeys(this.dataSource.manager, scope, since, dayStart);
    const pending = await this.lastUsed.pending(keys.map((key) => key.id));
    return {
      items: keys.map((key) => {
        const noted = pending.get(key.id);
        const lastUsedAt = noted && (!key.lastUsedAt || noted > key.lastUsedAt) ? noted : key.lastUsedAt;
        const budget = key.budget && {
          total: key.budget.limits?.budgetTotal ?? null,
          day: key.budget.limits?.budgetDay ?? null,
          per_call: key.budget.limits?.maxPerCall ?? null,
          read_only: key.budget.limits?.readOnly ?? false,
          expires_at: key.budget.expiresAt ? key.budget.expiresAt.toISOString() : null,
          left_total: key.budget.leftTotal,
          left_today: key.budget.leftToday,
        };
        return { ...apiKeyViewJson({ ...key, lastUsedAt }), credits_spent_30d: key.creditsSpent, budget };
      }),
    };
  }
}
