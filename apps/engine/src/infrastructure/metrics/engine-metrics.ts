import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../tokens';

export type CreditMovementKind = 'grant' | 'spend' | 'hold' | 'refund';

interface Pending {
  depth: number;
  count: () => void;
}

/**
 * prom-client's gauges named like counters (promtool: a gauge must not end in _total). Each is the sum
 * over `type` of its labelled twin, which stays: sum(nodejs_active_handles) is the same number.
 */
const SUMMED_DEFAULT_GAUGES = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/**
 * The process's own Prometheus registry (never prom-client's global one, so engines started side by
 * side in one process count apart) and the metrics counted as things happen. What is read at scrape
 * time (lead table, queues, pools, backlogs) registers its gauges on the same registry.
 */
@Injectable()
export class EngineMetrics implements EntitySubscriberInterface {
  readonly registry = new Registry();
  readonly enabled: boolean;

  readonly httpDuration = new Histogram({
    name: 'lead_engine_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status, and how long they took to answer',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: 'lead_engine_http_rate_limited_total',
    help: 'Requests refused by the rate limiter (429)',
    registers: [this.registry],
  });

  private readonly credits: Record<CreditMovementKind, Counter<'kind'>> = {
    spend: this.creditCounter('lead_engine_credits_spent_total', 'Credits spent, by what they paid for'),
    hold: this.creditCounter('lead_engine_credits_held_total', 'Credits held up front by jobs, by what they pay for'),
    refund: this.creditCounter('lead_engine_credits_refunded_total', 'Credits of holds given back, by what they were held for'),
    grant: this.creditCounter('lead_engine_credits_granted_total', 'Credits granted (allowance: welcome, trial, plan, operator)'),
  };

  readonly jobDuration = new Histogram({
    name: 'lead_engine_job_duration_seconds',
    help: 'Jobs this process ran, by queue and outcome, and how long they ran',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: 'lead_engine_webhook_deliveries_total',
    help: 'Webhook delivery attempts this process made, by outcome (delivered, retrying, failed, endpoint_disabled)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly pending = new WeakMap<QueryRunner, Pending[]>();
  /** How deep each runner's transaction is (savepoints count), as its start, commit and rollback events tell. */
  private readonly depths = new WeakMap<QueryRunner, number>();

  constructor(@Inject(ENGINE_CONFIG) config: EngineConfig, dataSource: DataSource) {
    this.enabled = config.METRICS;
    if (this.enabled) {
      collectDefaultMetrics({ register: this.registry });
      for (const name of SUMMED_DEFAULT_GAUGES) this.registry.removeSingleMetric(name);
    }
    dataSource.subscribers.push(this);
  }

  /**
   * Counts a credit movement once the transaction that wrote it commits; a rollback counts nothing.
   * Outside a transaction the statement has committed already.
   */
  countCredits(manager: EntityManager, movement: CreditMovementKind, kind: string, amount: number): void {
    const count = () => this.credits[movement].inc({ kind }, amount);
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return count();
    const pending = this.pending.get(runner);
    const depth = this.depthOf(runner);
    if (pending) pending.push({ depth, count });
    else this.pending.set(runner, [{ depth, count }]);
  }

  afterTransactionStart({ queryRunner }: TransactionStartEvent): void {
    this.depths.set(queryRunner, this.depthOf(queryRunner) + 1);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner;
    this.leave(runner);
    // A savepoint released is not a commit: its movements wait for the outermost one.
    if (runner.isTransactionActive) return;
    const pending = this.pending.get(runner);
    if (!pending) return;
    this.pending.delete(runner);
    pending.forEach(({ count }) => count());
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const runner = event.queryRunner;
    this.leave(runner);
    const pending = this.pending.get(runner);
    if (!pending) return;
    // A rollback to a savepoint drops what was written after it; the depth is already the outer one's.
    const kept = runner.isTransactionActive ? pending.filter(({ depth }) => depth <= this.depthOf(runner)) : [];
    if (kept.length > 0) this.pending.set(runner, kept);
    else this.pending.delete(runner);
  }

  /** A gauge whose values are read when Prometheus scrapes. */
  readAtScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (gauge: Gauge<L>) => Promise<void> | void,
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        await read(this);
      },
    });
  }

  private depthOf(runner: QueryRunner): number {
    return this.depths.get(runner) ?? 0;
  }

  private leave(runner: QueryRunner): void {
    this.depths.set(runner, Math.max(0, this.depthOf(runner) - 1));
  }

  private creditCounter(name: string, help: string): Counter<'kind'> {
    return new Counter({ name, help, labelNames: ['kind'] as const, registers: [this.registry] });
  }
}
