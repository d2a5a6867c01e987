import { Injectable } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import { Readable } from 'node:stream';
import { ExportsRepository } from '../exports.repository';

export interface ExportDownload {
  filename: string;
  deliveredRows: number;
  body: Readable;
}

@Injectable()
export class DownloadExportUseCase {
  constructor(private readonly exports: ExportsRepository) {}

  /** For a signed link, which names the export alone: the account is the export's own. */
  async executeSigned(exportId: string): Promise<ExportDownload> {
    const record = await this.exports.find(exportId);
    if (!record) throw new DomainError('EXPORT_NOT_FOUND', `No export ${exportId}.`);
    return this.execute(record.accountId, exportId);
  }

  async execute(accountId: string, exportId: string): Promise<ExportDownload> {
    const record = await this.exports.findForAccount(accountId, exportId);
    if (!record) throw new DomainError('EXPORT_NOT_FOUND', `No export ${exportId} on this account.`);
    if (record.status !== 'completed' || !record.filename) {
      throw new DomainError('EXPORT_NOT_READY', `The export is ${record.status}; download it once it is completed.`);
    }
    const parts = await this.exports.filePartCount(exportId);
    const exports = this.exports;
    // One part in memory at a time, fetched as the client reads.
    async function* partsInOrder(): AsyncGenerator<Buffer> {
      for (let part = 0; part < parts; part++) {
        const data = await exports.filePart(exportId, part);
        if (data) yield data;
      }
    }
    return { filename: record.filename, deliveredRows: record.deliveredRows, body: Readable.from(partsInOrder()) };
  }
}
