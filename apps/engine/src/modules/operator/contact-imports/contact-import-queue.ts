import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ContactImportDetail, QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { DataSource, EntityManager } from 'typeorm';
import { handToQueue } from '../../../infrastructure/jobs/hand-to-queue';
import { enqueueDurableJob } from '../../../infrastructure/jobs/job-kind';
import { RedisAvailability } from '../../../infrastructure/redis/redis-availability';
import { OperatorActionsRepository, ServerActionName } from '../accounts/operator-actions.repository';
import { toContactImportDetail } from './contact-import-view';
import { ContactImportsRepository } from './contact-imports.repository';
import { CONTACT_IMPORT_JOB } from './jobs/contact-import-job';

export interface QueuedContactImport {
  importId: string;
  operatorUserId: string;
  action: ServerActionName;
  /** Recorded with the action: what the import is made of. */
  details: Record<string, unknown>;
  /** Writes the import's row. */
  write(manager: EntityManager): Promise<void>;
}

/** Starts an import: its row and the operator's action in one transaction, then the job handed to the contacts queue. */
@Injectable()
export class ContactImportQueue {
  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: ContactImportsRepository,
    private readonly actions: OperatorActionsRepository,
    private readonly redisAvailability: RedisAvailability,
    @InjectQueue(QUEUE_NAMES.contacts) private readonly queue: Queue,
  ) {}

  async start({ importId, operatorUserId, action, details, write }: QueuedContactImport): Promise<ContactImportDetail> {
    await this.dataSource.transaction(async (manager) => {
      await write(manager);
      await this.actions.record(manager, { operatorUserId, accountId: null, action, details: { import_id: importId, ...details } });
    });
    await handToQueue(this.redisAvailability, () => enqueueDurableJob(this.queue, CONTACT_IMPORT_JOB, importId));
    return toContactImportDetail((await this.imports.find(importId))!);
  }
}
