import { getQueueToken } from '@nestjs/bull';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Job, Queue } from 'bull';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { postgresPoolConnections } from '../../infrastructure/database/postgres-pool';
import { EngineMetrics } from '../../infrastructure/metrics/engine-metrics';
import { REDIS } from '../../infrastructure/tokens';
import { LeadIndex } from '../leads/lead-index';
import type { LeadTableMeasures } from '../leads/life/lead-table-reports';
import { MetricsRepository } from './metrics.repository';

const QUEUE_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;

/**
 * The gauges read when Prometheus scrapes — the lead table's state, the queues' counts, the pools and
 * connections, the low balances and the webhook backlog — and the job durations, observed from the
 * local events of the queues this process works on. Nothing here runs on the request path.
 */
@Injectable()
export class ScrapeTimeMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: EngineMetrics,
    private readonly leadIndex: LeadIndex,
    private readonly repository: MetricsRepository,
    private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    if (!this.metrics.enabled) return;
    const queues = this.queues();
    this.observeJobs(queues);
    this.leadTable();
    const { metrics } = this;

    metrics.readAtScrape(
      'lead_engine_queue_jobs',
      'Jobs of each Bull queue by state (waiting, active, failed, delayed)',
      ['queue', 'state'],
      async (gauge) => {
        await Promise.all(
          queues.map(async ([name, queue]) => {
            const counts = await queue.getJobCounts();
            for (const state of QUEUE_STATES) gauge.set({ queue: name, state }, counts[state]);
          }),
        );
      },
    );
    metrics.readAtScrape(
      'lead_engine_postgres_pool_connections',
      "This process's PostgreSQL connections by state (total, idle) and queries waiting for one (waiting)",
      ['state'],
      (gauge) => {
        const connections = postgresPoolConnections(this.dataSource);
        gauge.set({ state: 'total' }, connections.total);
        gauge.set({ state: 'idle' }, connections.idle);
        gauge.set({ state: 'waiting' }, connections.waiting);
      },
    );
    metrics.readAtScrape('lead_engine_redis_connected', '1 when the Redis client is connected and ready, else 0', ['client'], (gauge) => {
      gauge.set({ client: 'engine' }, this.redis.status === 'ready' ? 1 : 0);
      for (const [name, queue] of queues) gauge.set({ client: `queue:${name}` }, queue.client.status === 'ready' ? 1 : 0);
    });
    metrics.readAtScrape(
      'lead_engine_accounts_below_low_balance_threshold',
      'Accounts whose balance is below the low-balance threshold their owner set',
      [],
      async (gauge) => gauge.set(await this.repository.accountsBelowLowBalanceThreshold()),
    );
    metrics.readAtScrape(
      'lead_engine_webhook_backlog_age_seconds',
      'Age of the oldest webhook delivery not yet delivered or failed (0 when none waits)',
      [],
      async (gauge) => {
        const oldest = await this.repository.oldestPendingWebhookDelivery();
        gauge.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000));
      },
    );
  }

  private leadTable(): void {
    const gauges: [keyof LeadTableMeasures, string, string][] = [
      ['ready', 'lead_engine_lead_table_ready', '1 when the lead table of this process is loaded and answering'],
      ['contacts', 'lead_engine_lead_table_contacts', 'Contacts in the lead table of this process'],
      ['segments', 'lead_engine_lead_table_segments', 'Segments of the lead table'],
      ['deltas', 'lead_engine_lead_table_deltas', 'Deltas (changes not yet merged into the segments) of the lead table'],
      [
        'secondsSinceChange',
        'lead_engine_lead_table_seconds_since_change',
        'Seconds since the lead table last changed (load, delta or merge)',
      ],
      [
        'snapshotAgeSeconds',
        'lead_engine_lead_table_snapshot_age_seconds',
        'Age of the snapshot the lead table was loaded from or last wrote',
      ],
      ['lastLoadSeconds', 'lead_engine_lead_table_last_load_seconds', 'How long the last whole load of the lead table took'],
      ['lastMergeSeconds', 'lead_engine_lead_table_last_merge_seconds', 'How long the last merge of deltas into segments took'],
    ];
    for (const [key, name, help] of gauges) {
      this.metrics.readAtScrape(name, help, [], (gauge) => {
        const value = this.leadIndex.measures()[key];
        if (value !== null) gauge.set(Number(value));
      });
    }
  }

  private observeJobs(queues: [string, Queue][]): void {
    for (const [name, queue] of queues) {
      const observe = (outcome: 'completed' | 'failed') => (job: Job) => {
        if (job.processedOn && job.finishedOn) {
          this.metrics.jobDuration.observe({ queue: name, outcome }, (job.finishedOn - job.processedOn) / 1000);
        }
      };
      queue.on('completed', observe('completed'));
      queue.on('failed', observe('failed'));
    }
  }

  private queues(): [string, Queue][] {
    return Object.values(QUEUE_NAMES).flatMap((name): [string, Queue][] => {
      try {
        return [[name, this.moduleRef.get<Queue>(getQueueToken(name), { strict: false })]];
      } catch {
        return [];
      }
    });
  }
}
