import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import { enrichmentJobPayloadSchema, QUEUE_NAMES } from '@lead-engine/contracts';
import type { Job } from 'bull';
import { PostgresAvailability } from '../../../infrastructure/database/postgres-availability';
import { outlastPostgresOutages } from '../../../infrastructure/jobs/outlast-postgres-outages';
import { RunEnrichmentUseCase } from '../use-cases/run-enrichment.use-case';
import { SettleEnrichmentUseCase } from '../use-cases/settle-enrichment.use-case';
import { RUN_ENRICHMENT_JOB } from './enqueue-enrichment';

// Jobs a worker runs side by side; each works on ENRICHMENT_CONCURRENCY rows at once.
const JOBS_AT_ONCE = 2;

@Processor(QUEUE_NAMES.enrichment)
export class RunEnrichmentJob {
  private readonly logger = new Logger(RunEnrichmentJob.name);

  constructor(
    private readonly runEnrichment: RunEnrichmentUseCase,
    private readonly settleEnrichment: SettleEnrichmentUseCase,
    private readonly postgres: PostgresAvailability,
  ) {}

  @Process({ name: RUN_ENRICHMENT_JOB, concurrency: JOBS_AT_ONCE })
  async handle(job: Job): Promise<void> {
    const { jobId } = enrichmentJobPayloadSchema.parse(job.data);
    await outlastPostgresOutages(this.postgres, () => this.runEnrichment.execute(jobId));
  }

  /** After its last attempt a job is failed and its whole hold refunded. */
  @OnQueueFailed()
  async failed(job: Job, error: Error): Promise<void> {
    this.logger.warn({ jobId: job.id, attemptsMade: job.attemptsMade, err: error }, 'enrichment attempt failed');
    if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
    const parsed = enrichmentJobPayloadSchema.safeParse(job.data);
    if (parsed.success) {
      await this.settleEnrichment.execute(parsed.data.jobId, {
        status: 'failed',
        error: 'The job could not be finished; the whole hold was refunded. Start it again.',
      });
    }
  }
}
