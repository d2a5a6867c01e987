import { Injectable } from '@nestjs/common';
import type { ExportJob, ExportList } from '@lead-engine/contracts';
import { DomainError } from '@lead-engine/core';
import { toExportJob } from '../export-job-view';
import { ExportProgress } from '../export-progress';
import { ExportRecord, ExportsRepository } from '../exports.repository';

const LISTED_EXPORTS = 50;

@Injectable()
export class GetExportUseCase {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly progress: ExportProgress,
  ) {}

  /** Another account's export answers exactly like an unknown one. */
  async execute(accountId: string, exportId: string): Promise<ExportJob> {
    const record = await this.exports.findForAccount(accountId, exportId);
    if (!record) throw new DomainError('EXPORT_NOT_FOUND', `No export ${exportId} on this account.`);
    return this.view(record);
  }

  async list(accountId: string): Promise<ExportList> {
    const records = await this.exports.listRecent(accountId, LISTED_EXPORTS);
    const exports = await Promise.all(records.map((record) => this.view(record)));
    return { count: exports.length, exports };
  }

  private async view(record: ExportRecord): Promise<ExportJob> {
    return toExportJob(record, record.status === 'running' ? await this.progress.get(record.id) : 0);
  }
}
