import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ContactImportDetail, GenerateContactsRequest, QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { randomInt, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { handToQueue } from '../../../../infrastructure/jobs/hand-to-queue';
import { enqueueDurableJob } from '../../../../infrastructure/jobs/job-kind';
import { RedisAvailability } from '../../../../infrastructure/redis/redis-availability';
import { OperatorActionsRepository } from '../../accounts/operator-actions.repository';
import { toContactImportDetail } from '../contact-import-view';
import { ContactImportsRepository } from '../contact-imports.repository';
import { CONTACT_IMPORT_JOB } from '../jobs/contact-import-job';

/** Queues synthetic contacts to be written as an import, recorded as the operator's action. */
@Injectable()
export class StartContactGenerationUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: ContactImportsRepository,
    private readonly actions: OperatorActionsRepository,
    private readonly redisAvailability: RedisAvailability,
    @InjectQueue(QUEUE_NAMES.contacts) private readonly queue: Queue,
  ) {}

  async execute(operatorUserId: string, request: GenerateContactsRequest): Promise<ContactImportDetail> {
    const id = randomUUID();
    // A seed of its own each time, unless asked: generating again should add contacts, not rewrite the same ones.
    const seed = request.seed ?? randomInt(1, 2 ** 31 - 1);
    await this.dataSource.transaction(async (manager) => {
      await this.imports.createGeneration(manager, { id, userId: operatorUserId, count: request.count, seed });
      await this.actions.record(manager, {
        operatorUserId,
        accountId: null,
        action: 'contacts.generate',
        details: { import_id: id, count: request.count, seed },
      });
    });
    await handToQueue(this.redisAvailability, () => enqueueDurableJob(this.queue, CONTACT_IMPORT_JOB, id));
    return toContactImportDetail((await this.imports.find(id))!);
  }
}
