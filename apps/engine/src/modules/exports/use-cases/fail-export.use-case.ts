import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { WebhookOutbox } from '../../webhooks/deliveries/webhook-outbox';
import { toExportJob } from '../export-job-view';
import { ExportsRepository } from '../exports.repository';

/** An export that ran out of attempts: failed, with its export.failed event, in one transaction. Its delivery never committed, so nothing was charged. */
@Injectable()
export class FailExportUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly exports: ExportsRepository,
    private readonly outbox: WebhookOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(exportId: string, note: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.exports.markFailed(manager, exportId, note))) return;
      const failed = (await this.exports.find(exportId, manager))!;
      await this.outbox.emit(manager, {
        accountId: failed.accountId,
        type: 'export.failed',
        at: this.clock.now(),
        data: toExportJob(failed, 0),
      });
    });
  }
}
