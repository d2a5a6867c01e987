import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import { QUEUE_NAMES, scrapeJobPayloadSchema } from '@lead-engine/contracts';
import type { Job } from 'bull';
import { PostgresAvailability } from '../../../infrastructure/database/postgres-availability';
import { outlastPostgresOutages } from '../../../infrastructure/jobs/outlast-postgres-outages';
import { RunScrapeUseCase } from '../use-cases/run-scrape.use-case';
import { SettleScrapeUseCase } from '../use-cases/settle-scrape.use-case';
import { RUN_SCRAPE_JOB } from './enqueue-scrape';

// Jobs a worker runs side by side; their site reads share the process-wide SCRAPE_CONCURRENCY.
const JOBS_AT_ONCE = 4;

@Processor(QUEUE_NAMES.scrape)
export class RunScrapeJob {
  private readonly logger = new Logger(RunScrapeJob.name);

  constructor(
    private readonly runScrape: RunScrapeUseCase,
    private readonly settleScrape: SettleScrapeUseCase,
    private readonly postgres: PostgresAvailability,
  ) {}

  @Process({ name: RUN_SCRAPE_JOB, concurrency: JOBS_AT_ONCE })
  async handle(job: Job): Promise<void> {
    const { jobId } = scrapeJobPayloadSchema.parse(job.data);
    await outlastPostgresOutages(this.postgres, () => this.runScrape.execute(jobId));
  }

  /** After its last attempt a job is failed, and everything that is not ok is refunded. */
  @OnQueueFailed()
  async failed(job: Job, error: Error): Promise<void> {
    this.logger.warn({ jobId: job.id, attemptsMade: job.attemptsMade, err: error }, 'scrape attempt failed');
    if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
    const parsed = scrapeJobPayloadSchema.safeParse(job.data);
    if (parsed.success) await this.settleScrape.execute(parsed.data.jobId, 'failed');
  }
}
