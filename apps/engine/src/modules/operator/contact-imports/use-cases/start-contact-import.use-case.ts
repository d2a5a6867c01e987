import { Injectable } from '@nestjs/common';
import { ContactImportDetail } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import type { UploadedFile } from '../../../../infrastructure/http/multipart-upload';
import type { StoredContactCsv } from '../contact-csv-upload';
import { ContactImportQueue } from '../contact-import-queue';
import { ContactImportsRepository } from '../contact-imports.repository';

/** Queues the import of a CSV the upload stored, recorded as the operator's action. */
@Injectable()
export class StartContactImportUseCase {
  constructor(
    private readonly imports: ContactImportsRepository,
    private readonly importQueue: ContactImportQueue,
  ) {}

  async execute(operatorUserId: string, file: UploadedFile<StoredContactCsv> | null): Promise<ContactImportDetail> {
    if (!file) {
      throw new DomainError('VALIDATION_ERROR', 'file: attach the contacts CSV as the form field "file"', {
        details: [{ path: 'file', message: 'Required' }],
      });
    }
    const { importId, bytes } = file.content;
    const filename = file.filename || 'contacts.csv';
    return this.importQueue.start({
      importId,
      operatorUserId,
      action: 'contacts.import',
      details: { filename, bytes },
      write: (manager) => this.imports.queueUpload(manager, { id: importId, userId: operatorUserId, filename, totalBytes: bytes }),
    });
  }
}
