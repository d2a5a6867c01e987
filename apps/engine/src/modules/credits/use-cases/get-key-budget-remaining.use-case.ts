import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { ApiKeyBudgetsRepository } from '../api-key-budgets.repository';
import type { ChargingKey } from '../../identity/charging-key';

/** What a key may still spend: null for a limit it does not have; null in all when it has none. */
export interface KeyBudgetRemaining {
  total: number | null;
  day: number | null;
  per_call: number | null;
}

/** The key's limits as they are now, less what it has charged (pending exports included), as EnforceKeyBudgetUseCase counts. */
@Injectable()
export class GetKeyBudgetRemainingUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly budgets: ApiKeyBudgetsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A key-facing answer (a quote) with what the key may still spend beside it, both read at once. */
  async besides<T extends object>(key: ChargingKey, answer: Promise<T>): Promise<T & { budget_remaining: KeyBudgetRemaining | null }> {
    const [value, remaining] = await Promise.all([answer, this.execute(key)]);
    return { ...value, budget_remaining: remaining };
  }

  async execute(key: ChargingKey): Promise<KeyBudgetRemaining | null> {
    if (!key.limits || key.apiKeyId === null) return null;
    const manager = this.dataSource.manager;
    const limits = (await this.budgets.readKeyLimits(manager, key.apiKeyId))?.limits;
    if (!limits) return null;
    if (limits.readOnly) return { total: 0, day: 0, per_call: 0 };
    const now = this.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const charged = await this.budgets.chargedThrough(manager, key.apiKeyId, dayStart, limits.budgetTotal !== null);
    const left = (limit: number | null, spent: number) => (limit === null ? null : Math.max(0, limit - spent - charged.pendingExports));
    return { total: left(limits.budgetTotal, charged.total), day: left(limits.budgetDay, charged.day), per_call: limits.maxPerCall };
  }
}
