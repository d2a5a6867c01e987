import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ledgerPurposeOf } from '@lead-engine/core';
import { EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { EngineMetrics } from '../../../infrastructure/metrics/engine-metrics';
import { CreditDebits } from '../credit-debits';
import { CreditsRepository } from '../credits.repository';

export interface CreditMovement {
  accountId: string;
  amount: number;
  /** Why the credits moved, e.g. `reveal`, `export`, `plan refill`. */
  reason: string;
  /** What the credits paid for, e.g. `export:<uuid>`; refunds must name the hold they give back. */
  reference?: string | null;
  apiKeyId?: string | null;
  /** The console user who made the movement happen, when it was made in the app. */
  userId?: string | null;
}

/**
 * Every credit movement of the engine goes through here, inside the caller's transaction, so the
 * ledger row and the thing paid for commit or roll back together. Each debit is announced in the same
 * transaction (CreditDebits), so what follows from it (a credits.low event) commits with it.
 */
@Injectable()
export class MoveCreditsUseCase {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly debits: CreditDebits,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly metrics: EngineMetrics,
  ) {}

  async grant(manager: EntityManager, movement: CreditMovement): Promise<number> {
    assertPositive(movement.amount);
    const balance = await this.credits.credit(manager, movement.accountId, movement.amount, true);
    if (balance === null) throw new Error(`account ${movement.accountId} does not exist`);
    await this.append(manager, 'grant', movement);
    return balance;
  }

  /** A final charge. Throws INSUFFICIENT_CREDITS (and changes nothing) when the balance does not cover it. */
  async spend(manager: EntityManager, movement: CreditMovement): Promise<number> {
    return this.debit(manager, 'spend', movement);
  }

  /** A charge taken up front that may later be refunded in part or in whole against the same reference. */
  async hold(manager: EntityManager, movement: CreditMovement): Promise<number> {
    if (!movement.reference) throw new Error('a hold needs a reference');
    return this.debit(manager, 'hold', movement);
  }

  /** Gives back part of a hold; never more than what is still held under that reference. */
  async refund(manager: EntityManager, movement: CreditMovement): Promise<number> {
    assertPositive(movement.amount);
    if (!movement.reference) throw new Error('a refund needs the reference of its hold');
    if (!(await this.credits.lockAccount(manager, movement.accountId))) {
      throw new Error(`account ${movement.accountId} does not exist`);
    }
    const refundable = await this.credits.refundableForReference(manager, movement.accountId, movement.reference);
    if (movement.amount > refundable) {
      throw new Error(`refund of ${movement.amount} exceeds the ${refundable} still held for ${movement.reference}`);
    }
    const balance = await this.credits.credit(manager, movement.accountId, movement.amount, false);
    await this.append(manager, 'refund', movement);
    return balance as number;
  }

  private async debit(manager: EntityManager, kind: 'spend' | 'hold', movement: CreditMovement): Promise<number> {
    assertPositive(movement.amount);
    const balance = await this.credits.debit(manager, movement.accountId, movement.amount);
    if (balance === null) {
      const current = await this.credits.findBalance(manager, movement.accountId);
      if (!current) throw new Error(`account ${movement.accountId} does not exist`);
      throw new DomainError('INSUFFICIENT_CREDITS', `This needs ${movement.amount} credits; the balance is ${current.balance}.`, {
        required: movement.amount,
        balance: current.balance,
      });
    }
    await this.append(manager, kind, movement);
    await this.debits.announce(manager, {
      accountId: movement.accountId,
      from: balance + movement.amount,
      to: balance,
      at: this.clock.now(),
    });
    return balance;
  }

  private async append(manager: EntityManager, kind: 'grant' | 'spend' | 'hold' | 'refund', movement: CreditMovement): Promise<void> {
    await this.credits.appendLedgerEntry(manager, {
      accountId: movement.accountId,
      kind,
      amount: movement.amount,
      reason: movement.reason,
      reference: movement.reference ?? null,
      apiKeyId: movement.apiKeyId ?? null,
      userId: movement.userId ?? null,
    });
    this.metrics.countCredits(manager, kind, ledgerPurposeOf(movement.reference ?? null), movement.amount);
  }
}

function assertPositive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`a credit movement needs a positive whole amount, got ${amount}`);
}
