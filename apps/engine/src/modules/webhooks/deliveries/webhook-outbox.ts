import { Injectable, OnModuleInit } from '@nestjs/common';
import type { WebhookEvent, WebhookEventType } from '@lead-engine/contracts';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { WebhookDispatcher } from './jobs/webhook-dispatcher';
import { DueDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';

export interface WebhookEventToEmit {
  accountId: string;
  type: WebhookEventType;
  at: Date;
  data: WebhookEvent['data'];
}

/**
 * Events go out through an outbox: emit writes a delivery per subscribed endpoint in the caller's
 * transaction (the one that settles the job), and they are queued only once that transaction has
 * committed. A job never settles without its events, and a rolled-back one sends none.
 */
@Injectable()
export class WebhookOutbox implements EntitySubscriberInterface, OnModuleInit {
  private readonly committing = new WeakMap<QueryRunner, DueDelivery[]>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  async emit(manager: EntityManager, event: WebhookEventToEmit): Promise<void> {
    const runner = this.transactionOf(manager, event.type);
    const envelope: WebhookEvent = { type: event.type, timestamp: event.at.toISOString(), data: event.data };
    this.afterCommit(
      runner,
      await this.deliveries.insertForEvent(manager, { accountId: event.accountId, type: event.type, body: JSON.stringify(envelope) }),
    );
  }

  /** credits.low for the endpoints whose threshold a debit from `from` to `to` credits crossed. */
  async emitCreditsLow(manager: EntityManager, accountId: string, crossing: { from: number; to: number }, at: Date): Promise<void> {
    const runner = this.transactionOf(manager, 'credits.low');
    this.afterCommit(runner, await this.deliveries.insertCreditsLow(manager, accountId, crossing, at));
  }

  private transactionOf(manager: EntityManager, type: WebhookEventType): QueryRunner {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) throw new Error(`a ${type} event is emitted inside the transaction that causes it`);
    return runner;
  }

  private afterCommit(runner: QueryRunner, due: DueDelivery[]): void {
    if (due.length > 0) this.committing.set(runner, [...(this.committing.get(runner) ?? []), ...due]);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive) return;
    const due = this.committing.get(queryRunner);
    if (!due) return;
    this.committing.delete(queryRunner);
    this.dispatcher.dispatch(due);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) this.committing.delete(queryRunner);
  }
}
