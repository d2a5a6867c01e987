import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../../../../infrastructure/jobs/periodic-task';
import { RequeueUnfinishedJobs } from '../../../../infrastructure/jobs/requeue-unfinished-jobs';
import { RedisAvailability } from '../../../../infrastructure/redis/redis-availability';
import { DueDelivery, WebhookDeliveriesRepository } from '../webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';

const SWEEP_EVERY_MS = 10_000;
/** A due attempt's job gets this long to be taken before the sweep queues it again. */
const OVERDUE_MS = 3_000;

/**
 * PostgreSQL holds every pending delivery and when its next attempt is due; Redis only the jobs for
 * them. Like every job kind, pending deliveries are queued again when a worker starts and when Redis
 * comes back (their jobs may be gone); and every few seconds those overdue: a delivery whose queueing
 * failed, whose attempt was parked in a process that stopped, or whose worker died mid-attempt (its
 * lease ran out). Bull keeps one job per attempt id, and an attempt is claimed once, so queueing again
 * never sends twice.
 */
@Injectable()
export class WebhookDeliverySweep extends RequeueUnfinishedJobs<DueDelivery> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly jobKind = 'webhook deliveries';
  private readonly overdue = new PeriodicTask(SWEEP_EVERY_MS, () => this.queueOverdue());

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    redisAvailability: RedisAvailability,
  ) {
    super(redisAvailability);
  }

  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    this.overdue.start();
  }

  override async onApplicationShutdown(): Promise<void> {
    super.onApplicationShutdown();
    await this.overdue.stop();
  }

  protected unfinished(afterId: string | null, limit: number): Promise<DueDelivery[]> {
    return this.deliveries.due(null, limit, afterId);
  }

  protected enqueue(deliveries: DueDelivery[]): Promise<void> {
    return this.dispatcher.queueAll(deliveries);
  }

  private async queueOverdue(): Promise<void> {
    if (!this.redisAvailability.isUp) return;
    try {
      const overdueBefore = new Date(Date.now() - OVERDUE_MS);
      const queued = await this.queuePages((afterId, limit) => this.deliveries.due(overdueBefore, limit, afterId));
      if (queued > 0) this.logger.log({ deliveries: queued }, 'overdue webhook deliveries queued again');
    } catch (error) {
      this.logger.debug({ err: error }, 'overdue webhook deliveries not queued now; the next sweep tries again');
    }
  }
}
