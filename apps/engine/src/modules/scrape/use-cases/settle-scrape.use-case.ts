import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { WebhookOutbox } from '../../webhooks/deliveries/webhook-outbox';
import { toScrapeJob } from '../scrape-job-view';
import { ScrapeJobsRepository } from '../scrape-jobs.repository';

/**
 * Ends a job in one transaction with its row locked: every domain that is not ok is refunded against
 * the job's hold and the job is marked completed (or failed, when it could not be finished). A job
 * already settled is left alone, so a second worker or a retry can never refund twice. A completed
 * job's scrape.completed event is written in the same transaction.
 */
@Injectable()
export class SettleScrapeUseCase {
  private readonly logger = new Logger(SettleScrapeUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: ScrapeJobsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly outbox: WebhookOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(jobId: string, status: 'completed' | 'failed'): Promise<boolean> {
    const settled = await this.dataSource.transaction(async (manager) => {
      const job = await this.jobs.lock(manager, jobId);
      if (!job || job.status === 'completed' || job.status === 'failed') return null;
      if (status === 'completed' && job.done < job.total) {
        throw new Error(`scrape ${jobId} still has ${job.total - job.done} unfinished domains`);
      }
      const refund = job.creditsCharged - job.ok;
      if (refund > 0) {
        await this.moveCredits.refund(manager, {
          accountId: job.accountId,
          amount: refund,
          reason: 'scrape refund',
          reference: `scrape:${jobId}`,
          apiKeyId: job.apiKeyId,
          userId: job.userId,
        });
      }
      const at = this.clock.now();
      await this.jobs.settle(manager, jobId, status, refund, at);
      // There is no scrape.failed event: a scrape that could not finish says so in its status.
      if (status === 'completed')
        await this.outbox.emit(manager, {
          accountId: job.accountId,
          type: 'scrape.completed',
          at,
          data: toScrapeJob((await this.jobs.find(jobId, manager))!),
        });
      return { accountId: job.accountId, ok: job.ok, refund };
    });
    if (settled) this.logger.log({ jobId, status, ...settled }, `scrape ${status}`);
    return settled !== null;
  }
}
