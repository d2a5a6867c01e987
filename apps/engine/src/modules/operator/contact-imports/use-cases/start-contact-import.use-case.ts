import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ContactImportDetail, QUEUE_NAMES } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import type { UploadedFile } from '../../../../infrastructure/http/multipart-upload';
import { handToQueue } from '../../../../infrastructure/jobs/hand-to-queue';
import { enqueueDurableJob } from '../../../../infrastructure/jobs/job-kind';
import { RedisAvailability } from '../../../../infrastructure/redis/redis-availability';
import { OperatorActionsRepository } from '../../accounts/operator-actions.repository';
import type { StoredContactCsv } from '../contact-csv-upload';
import { toContactImportDetail } from '../contact-import-view';
import { ContactImportsRepository } from '../contact-imports.repository';
import { CONTACT_IMPORT_JOB } from '../jobs/contact-import-job';

/** Queues the import of a CSV the upload stored, recorded as the operator's action. */
@Injectable()
export class StartContactImportUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: ContactImportsRepository,
    private readonly actions: OperatorActionsRepository,
    private readonly redisAvailability: RedisAvailability,
    @InjectQueue(QUEUE_NAMES.contacts) private readonly queue: Queue,
  ) {}

  async execute(operatorUserId: string, file: UploadedFile<StoredContactCsv> | null): Promise<ContactImportDetail> {
    if (!file) {
      throw new DomainError('VALIDATION_ERROR', 'file: attach the contacts CSV as the form field "file"', {
        details: [{ path: 'file', message: 'Required' }],
      });
    }
    const { importId, bytes } = file.content;
    const filename = file.filename || 'contacts.csv';
    await this.dataSource.transaction(async (manager) => {
      await this.imports.queueUpload(manager, { id: importId, userId: operatorUserId, filename, totalBytes: bytes });
      await this.actions.record(manager, {
        operatorUserId,
        accountId: null,
        action: 'contacts.import',
        details: { import_id: importId, filename, bytes },
      });
    });
    await handToQueue(this.redisAvailability, () => enqueueDurableJob(this.queue, CONTACT_IMPORT_JOB, importId));
    return toContactImportDetail((await this.imports.find(importId))!);
  }
}
