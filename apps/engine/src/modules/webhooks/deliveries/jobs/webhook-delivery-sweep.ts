import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RedisAvailability } from '../../../../infrastructure/redis/redis-availability';
import { WebhookDeliveriesRepository } from '../webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';

const PAGE = 1000;
const SWEEP_EVERY_MS = 10_000;
/** A due attempt's job gets this long to be taken before the sweep queues it again. */
const OVERDUE_MS = 3_000;

/**
 * PostgreSQL holds every pending delivery and when its next attempt is due; Redis only the jobs for
 * them. A worker queues every pending delivery when it starts and when Redis comes back (its jobs may
 * be gone), and every few seconds those overdue: a delivery whose queueing failed, whose attempt was
 * parked in a process that stopped, or whose worker died mid-attempt (its lease ran out). Bull keeps
 * one job per attempt id, and an attempt is claimed once, so queueing again never sends twice.
 */
@Injectable()
export class WebhookDeliverySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDeliverySweep.name);
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly redisAvailability: RedisAvailability,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep(null).catch((error) => this.logger.warn({ err: error }, 'pending webhook deliveries not queued yet'));
    this.stopListening = this.redisAvailability.onReturn(() => void this.sweep(null).catch(() => undefined));
    this.timer = setInterval(() => void this.sweep(new Date(Date.now() - OVERDUE_MS)).catch(() => undefined), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopListening?.();
    if (this.timer) clearInterval(this.timer);
  }

  /** Queues the pending deliveries due before `dueBefore`, or all of them. */
  private sweep(dueBefore: Date | null): Promise<void> {
    this.sweeping ??= this.queuePending(dueBefore).finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async queuePending(dueBefore: Date | null): Promise<void> {
    if (!this.redisAvailability.isUp) return;
    let queued = 0;
    for (let after: string | null = null; ;) {
      const page = await this.deliveries.due(dueBefore, PAGE, after);
      if (page.length === 0) break;
      await this.dispatcher.queueAll(page);
      queued += page.length;
      after = page[page.length - 1].id;
    }
    if (queued > 0) this.logger.log({ deliveries: queued, overdueOnly: dueBefore !== null }, 'pending webhook deliveries queued');
  }
}
