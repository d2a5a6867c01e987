import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { QUEUE_NAMES, WebhookDeliveryJobPayload } from '@lead-engine/contracts';
import type { Queue } from 'bull';
import { RedisAvailability } from '../../../../infrastructure/redis/redis-availability';
import type { DueDelivery } from '../webhook-deliveries.repository';
import { WEBHOOK_DELIVERY_JOB } from './webhook-delivery-job';

/**
 * Hands due deliveries to the webhooks queue, one Bull job per attempt (`<delivery>:<attempt>`, so
 * queueing an attempt twice runs it once). Never waits on Redis for its caller: what cannot be queued
 * now stays pending in PostgreSQL and is queued by the sweep (see DeliverWebhookJob).
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    @InjectQueue(QUEUE_NAMES.webhooks) private readonly queue: Queue,
    private readonly redisAvailability: RedisAvailability,
  ) {}

  dispatch(deliveries: readonly DueDelivery[]): void {
    if (deliveries.length === 0 || !this.redisAvailability.isUp) return;
    this.queueAll(deliveries).catch((error) =>
      this.logger.debug({ err: error, deliveries: deliveries.length }, 'deliveries not queued now; the sweep queues them'),
    );
  }

  /** Queues every one; rejects when Redis does. */
  async queueAll(deliveries: readonly DueDelivery[]): Promise<void> {
    const now = Date.now();
    await this.queue.addBulk(
      deliveries.map((delivery) => {
        const data: WebhookDeliveryJobPayload = { deliveryId: delivery.id, endpointId: delivery.endpointId, attempt: delivery.attempt };
        return {
          name: WEBHOOK_DELIVERY_JOB.name,
          data,
          opts: {
            jobId: `${delivery.id}:${delivery.attempt}`,
            delay: Math.max(0, delivery.dueAt.getTime() - now),
            removeOnComplete: true,
            removeOnFail: true,
          },
        };
      }),
    );
  }
}
