import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ContactImportJobPayload, QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { PostgresAvailability } from '../../../../infrastructure/database/postgres-availability';
import { DurableJobRunner } from '../../../../infrastructure/jobs/durable-job-runner';
import { RedisAvailability } from '../../../../infrastructure/redis/redis-availability';
import { ContactImportsRepository } from '../contact-imports.repository';
import { INTERRUPTED_NOTE, RunContactImportUseCase } from '../use-cases/run-contact-import.use-case';
import { CONTACT_IMPORT_JOB } from './contact-import-job';

const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class RunContactImportJob extends DurableJobRunner<ContactImportJobPayload> {
  protected readonly kind = CONTACT_IMPORT_JOB;

  constructor(
    private readonly runImport: RunContactImportUseCase,
    private readonly imports: ContactImportsRepository,
    @InjectQueue(QUEUE_NAMES.contacts) queue: Queue,
    redisAvailability: RedisAvailability,
    postgres: PostgresAvailability,
  ) {
    super(queue, redisAvailability, postgres);
  }

  /** Also discards uploads a process stopped taking midway, a day on: nobody will finish them. */
  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    const discarded = await this.imports.discardUploadsBefore(new Date(Date.now() - ABANDONED_UPLOAD_AGE_MS)).catch(() => 0);
    if (discarded > 0) this.logger.log({ discarded }, 'abandoned contact uploads discarded');
  }

  protected run({ importId }: ContactImportJobPayload): Promise<void> {
    return this.runImport.execute(importId);
  }

  protected async settleFailed({ importId }: ContactImportJobPayload): Promise<void> {
    await this.runImport.fail(importId, INTERRUPTED_NOTE, null);
  }

  protected unfinished(afterId: string | null, limit: number) {
    return this.imports.unfinished(afterId, limit);
  }
}
