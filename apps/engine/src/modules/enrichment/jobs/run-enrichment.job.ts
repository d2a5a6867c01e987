import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { EnrichmentJobPayload, QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { PostgresAvailability } from '../../../infrastructure/database/postgres-availability';
import { DurableJobRunner } from '../../../infrastructure/jobs/durable-job-runner';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { EnrichmentJobsRepository } from '../enrichment-jobs.repository';
import { RunEnrichmentUseCase } from '../use-cases/run-enrichment.use-case';
import { SettleEnrichmentUseCase } from '../use-cases/settle-enrichment.use-case';
import { ENRICHMENT_JOB } from './enrichment-job';

@Injectable()
export class RunEnrichmentJob extends DurableJobRunner<EnrichmentJobPayload> {
  protected readonly kind = ENRICHMENT_JOB;

  constructor(
    private readonly runEnrichment: RunEnrichmentUseCase,
    private readonly settleEnrichment: SettleEnrichmentUseCase,
    private readonly jobs: EnrichmentJobsRepository,
    @InjectQueue(QUEUE_NAMES.enrichment) queue: Queue,
    redisAvailability: RedisAvailability,
    postgres: PostgresAvailability,
  ) {
    super(queue, redisAvailability, postgres);
  }

  protected run({ jobId }: EnrichmentJobPayload): Promise<void> {
    return this.runEnrichment.execute(jobId);
  }

  /** The job is failed and its whole hold refunded. */
  protected async settleFailed({ jobId }: EnrichmentJobPayload): Promise<void> {
    await this.settleEnrichment.execute(jobId, {
      status: 'failed',
      error: 'The job could not be finished; the whole hold was refunded. Start it again.',
    });
  }

  protected unfinished(afterId: string | null, limit: number) {
    return this.jobs.unfinished(afterId, limit);
  }
}
