import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ExportJobPayload, QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { PostgresAvailability } from '../../../infrastructure/database/postgres-availability';
import { DurableJobRunner } from '../../../infrastructure/jobs/durable-job-runner';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { ExportsRepository } from '../exports.repository';
import { FailExportUseCase } from '../use-cases/fail-export.use-case';
import { RunExportUseCase } from '../use-cases/run-export.use-case';
import { EXPORT_JOB } from './export-job';

@Injectable()
export class RunExportJob extends DurableJobRunner<ExportJobPayload> {
  protected readonly kind = EXPORT_JOB;

  constructor(
    private readonly runExport: RunExportUseCase,
    private readonly failExport: FailExportUseCase,
    private readonly exports: ExportsRepository,
    @InjectQueue(QUEUE_NAMES.exports) queue: Queue,
    redisAvailability: RedisAvailability,
    postgres: PostgresAvailability,
  ) {
    super(queue, redisAvailability, postgres);
  }

  protected run({ exportId }: ExportJobPayload): Promise<void> {
    return this.runExport.execute(exportId);
  }

  /** Its delivery never committed, so nothing was charged. */
  protected async settleFailed({ exportId }: ExportJobPayload): Promise<void> {
    await this.failExport.execute(exportId, 'The export could not be produced; nothing was charged. Start it again.');
  }

  protected unfinished(afterId: string | null, limit: number) {
    return this.exports.unfinished(afterId, limit);
  }
}
