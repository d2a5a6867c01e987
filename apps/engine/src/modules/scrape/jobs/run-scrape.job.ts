import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES, ScrapeJobPayload } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { PostgresAvailability } from '../../../infrastructure/database/postgres-availability';
import { DurableJobRunner } from '../../../infrastructure/jobs/durable-job-runner';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';
import { RunScrapeUseCase } from '../use-cases/run-scrape.use-case';
import { SettleScrapeUseCase } from '../use-cases/settle-scrape.use-case';
import { SCRAPE_JOB } from './scrape-job';

@Injectable()
export class RunScrapeJob extends DurableJobRunner<ScrapeJobPayload> {
  protected readonly kind = SCRAPE_JOB;

  constructor(
    private readonly runScrape: RunScrapeUseCase,
    private readonly settleScrape: SettleScrapeUseCase,
    private readonly jobs: ScrapeJobsRepository,
    @InjectQueue(QUEUE_NAMES.scrape) queue: Queue,
    redisAvailability: RedisAvailability,
    postgres: PostgresAvailability,
  ) {
    super(queue, redisAvailability, postgres);
  }

  protected run({ jobId }: ScrapeJobPayload): Promise<void> {
    return this.runScrape.execute(jobId);
  }

  /** The job is failed, and everything that is not ok is refunded. */
  protected async settleFailed({ jobId }: ScrapeJobPayload): Promise<void> {
    await this.settleScrape.execute(jobId, 'failed');
  }

  protected unfinished(afterId: string | null, limit: number) {
    return this.jobs.unfinished(afterId, limit);
  }
}
