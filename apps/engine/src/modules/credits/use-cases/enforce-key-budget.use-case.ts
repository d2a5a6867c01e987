import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { DataSource, EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import type { ChargingKey } from '../../identity/charging-key';
import { ApiKeyBudgetsRepository } from '../api-key-budgets.repository';
import { CreditsRepository } from '../credits.repository';

type BudgetLimit = 'total' | 'day' | 'per_call' | 'read_only';

/**
 * Refuses a paid call that would take its API key past one of the key's limits (402 BUDGET_EXCEEDED),
 * inside the caller's transaction and before anything is charged or written. A key without limits
 * costs nothing here. A key with some has its row locked (after the account's, the order every paid
 * use-case takes them in), so that two calls through it cannot pass the check together.
 */
@Injectable()
export class EnforceKeyBudgetUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly credits: CreditsRepository,
    private readonly budgets: ApiKeyBudgetsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `cost`: the most this call can charge. Throws BUDGET_EXCEEDED when it may not. */
  async execute(manager: EntityManager, key: ChargingKey, cost: number): Promise<void> {
    if (!key.limits || key.apiKeyId === null) return;
    await this.credits.lockAccount(manager, key.accountId);
    const limits = (await this.budgets.lockKeyLimits(manager, key.apiKeyId))?.limits;
    if (!limits) return;
    if (limits.readOnly) {
      throw budgetExceeded('read_only', 0, 'This key is read-only: it may call free endpoints only.');
    }
    if (limits.maxPerCall !== null && cost > limits.maxPerCall) {
      throw budgetExceeded(
        'per_call',
        limits.maxPerCall,
        `This key may spend at most ${limits.maxPerCall} credits per call; this call needs ${cost}.`,
      );
    }
    if (limits.budgetTotal === null && limits.budgetDay === null) return;
    const now = this.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const charged = await this.budgets.chargedThrough(manager, key.apiKeyId, dayStart, limits.budgetTotal !== null);
    const over: Array<{ limit: BudgetLimit; remaining: number; words: string }> = [];
    if (limits.budgetDay !== null) {
      over.push({ limit: 'day', remaining: Math.max(0, limits.budgetDay - charged.day - charged.pendingExports), words: 'today' });
    }
    if (limits.budgetTotal !== null) {
      over.push({ limit: 'total', remaining: Math.max(0, limits.budgetTotal - charged.total - charged.pendingExports), words: 'in total' });
    }
    const tightest = over.filter((entry) => cost > entry.remaining).sort((a, b) => a.remaining - b.remaining)[0];
    if (tightest) {
      throw budgetExceeded(
        tightest.limit,
        tightest.remaining,
        `This key may spend ${tightest.remaining} more credit${tightest.remaining === 1 ? '' : 's'} ${tightest.words}; this call needs ${cost}.`,
      );
    }
  }

  /** The same check in a transaction of its own: for a call that must know before it does costly work. */
  async beforeWork(key: ChargingKey, cost: number): Promise<void> {
    if (!key.limits) return;
    await this.dataSource.transaction((manager) => this.execute(manager, key, cost));
  }
}

function budgetExceeded(limit: BudgetLimit, remaining: number, message: string): DomainError {
  return new DomainError('BUDGET_EXCEEDED', message, { details: { limit, remaining } });
}
