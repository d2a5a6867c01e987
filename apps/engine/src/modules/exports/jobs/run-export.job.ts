import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import { exportJobPayloadSchema, QUEUE_NAMES } from '@lead-engine/contracts';
import type { Job } from 'bull';
import { PostgresAvailability } from '../../../infrastructure/database/postgres-availability';
import { outlastPostgresOutages } from '../../../infrastructure/jobs/outlast-postgres-outages';
import { FailExportUseCase } from '../use-cases/fail-export.use-case';
import { RunExportUseCase } from '../use-cases/run-export.use-case';
import { RUN_EXPORT_JOB } from './enqueue-export';

@Processor(QUEUE_NAMES.exports)
export class RunExportJob {
  private readonly logger = new Logger(RunExportJob.name);

  constructor(
    private readonly runExport: RunExportUseCase,
    private readonly failExport: FailExportUseCase,
    private readonly postgres: PostgresAvailability,
  ) {}

  @Process(RUN_EXPORT_JOB)
  async handle(job: Job): Promise<void> {
    const { exportId } = exportJobPayloadSchema.parse(job.data);
    await outlastPostgresOutages(this.postgres, () => this.runExport.execute(exportId));
  }

  /** After its last attempt an export is failed; its delivery never committed, so nothing was charged. */
  @OnQueueFailed()
  async failed(job: Job, error: Error): Promise<void> {
    this.logger.warn({ jobId: job.id, attemptsMade: job.attemptsMade, err: error }, 'export attempt failed');
    if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
    const parsed = exportJobPayloadSchema.safeParse(job.data);
    if (parsed.success)
      await this.failExport.execute(parsed.data.exportId, 'The export could not be produced; nothing was charged. Start it again.');
  }
}
