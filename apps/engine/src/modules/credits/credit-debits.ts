import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A debit as it is announced: the account's balance before and after it. */
export interface CreditDebit {
  accountId: string;
  from: number;
  to: number;
  at: Date;
}

/** Hears a debit inside the transaction that makes it, so what follows from it commits or rolls back with it. */
export type CreditDebitListener = (manager: EntityManager, debit: CreditDebit) => Promise<void>;

/**
 * Where credits announce each debit and other modules listen (the webhooks' credits.low), so the
 * ledger knows nothing of who cares.
 */
@Injectable()
export class CreditDebits {
  private readonly listeners: CreditDebitListener[] = [];

  listen(listener: CreditDebitListener): void {
    this.listeners.push(listener);
  }

  async announce(manager: EntityManager, debit: CreditDebit): Promise<void> {
    for (const listener of this.listeners) await listener(manager, debit);
  }
}
