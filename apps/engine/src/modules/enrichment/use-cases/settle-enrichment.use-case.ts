import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FieldReport } from '@lead-engine/contracts';
import { enrichmentRefund } from '@lead-engine/core';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { WebhookOutbox } from '../../webhooks/deliveries/webhook-outbox';
import { toEnrichmentJobStatus } from '../enrichment-job-view';
import { EnrichmentJobsRepository } from '../enrichment-jobs.repository';

export type EnrichmentOutcome = { status: 'completed' } | { status: 'failed'; error: string };

/**
 * Ends a job in one transaction with its row locked. Completed: the field report is counted and the
 * empty cells are refunded against the hold. Failed: the whole hold is refunded. A job already settled
 * is left alone, so a worker, a retry and a status poll can all ask and only one refunds. The job's
 * enrichment.completed or enrichment.failed event is written in the same transaction.
 */
@Injectable()
export class SettleEnrichmentUseCase {
  private readonly logger = new Logger(SettleEnrichmentUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: EnrichmentJobsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly outbox: WebhookOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * True when this call settled the job. With `whenFree`, a job another transaction holds (a worker
   * writing rows or settling) or one with rows still to enrich is left for later instead of waited for.
   */
  async execute(jobId: string, outcome: EnrichmentOutcome, whenFree = false): Promise<boolean> {
    const settled = await this.dataSource.transaction(async (manager) => {
      const job = await this.jobs.lock(manager, jobId, whenFree);
      if (!job || job.status === 'completed' || job.status === 'failed') return null;
      if (outcome.status === 'completed' && job.completedRows < job.totalRows) {
        if (whenFree) return null;
        throw new Error(`enrichment ${jobId} still has ${job.totalRows - job.completedRows} rows to enrich`);
      }
      let refund = job.creditsCharged;
      let fieldReport: FieldReport | null = null;
      if (outcome.status === 'completed') {
        const filled = await this.jobs.filledCells(manager, jobId, job.fields);
        fieldReport = Object.fromEntries(
          job.fields.map((field) => [field, { filled: filled[field] ?? 0, empty: job.totalRows - (filled[field] ?? 0) }]),
        );
        refund = enrichmentRefund(Object.fromEntries(job.fields.map((field) => [field, fieldReport![field].empty])));
      }
      if (refund > 0) {
        await this.moveCredits.refund(manager, {
          accountId: job.accountId,
          amount: refund,
          reason: outcome.status === 'completed' ? 'enrichment empty cells' : 'enrichment failed',
          reference: `enrichment:${jobId}`,
          apiKeyId: job.apiKeyId,
          userId: job.userId,
        });
      }
      const at = this.clock.now();
      await this.jobs.settle(manager, jobId, {
        status: outcome.status,
        refunded: refund,
        fieldReport,
        error: outcome.status === 'failed' ? outcome.error : null,
        at,
      });
      await this.outbox.emit(manager, {
        accountId: job.accountId,
        type: outcome.status === 'completed' ? 'enrichment.completed' : 'enrichment.failed',
        at,
        data: toEnrichmentJobStatus((await this.jobs.find(jobId, manager))!, at),
      });
      return { accountId: job.accountId, refund };
    });
    if (settled) this.logger.log({ jobId, status: outcome.status, ...settled }, `enrichment ${outcome.status}`);
    return settled !== null;
  }
}
