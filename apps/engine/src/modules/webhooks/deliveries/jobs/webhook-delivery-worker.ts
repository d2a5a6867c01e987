import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { QUEUE_NAMES, webhookDeliveryJobPayloadSchema } from '@lead-engine/contracts';
import { EndpointLanes } from '@lead-engine/core';
import type { Job, Queue } from 'bull';
import type { EngineConfig } from '../../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../../infrastructure/tokens';
import { DeliverWebhookUseCase } from '../use-cases/deliver-webhook.use-case';
import { DELIVER_WEBHOOK_JOB } from './webhook-dispatcher';

/**
 * Takes delivery attempts off the webhooks queue, WEBHOOK_CONCURRENCY at once, each endpoint in a lane
 * of its own (WEBHOOK_ENDPOINT_CONCURRENCY): an attempt for an endpoint whose lane is full is parked
 * in this process and its queue slot freed, so a slow or dead receiver never holds up another
 * account's deliveries. A parked attempt lost with its process is still pending in PostgreSQL, and
 * the sweep queues it again.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookDeliveryWorker.name);
  private readonly lanes: EndpointLanes;

  constructor(
    @InjectQueue(QUEUE_NAMES.webhooks) private readonly queue: Queue,
    private readonly deliver: DeliverWebhookUseCase,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {
    this.lanes = new EndpointLanes(config.WEBHOOK_ENDPOINT_CONCURRENCY);
  }

  onApplicationBootstrap(): void {
    this.queue
      .process(DELIVER_WEBHOOK_JOB, this.config.WEBHOOK_CONCURRENCY, (job: Job) => this.handle(job))
      .catch((error) => this.logger.error({ err: error }, 'webhook deliveries stopped being taken off the queue'));
  }

  private handle(job: Job): Promise<void> {
    const parsed = webhookDeliveryJobPayloadSchema.safeParse(job.data);
    if (!parsed.success) {
      this.logger.warn({ jobId: job.id }, 'webhook delivery job with a malformed payload dropped');
      return Promise.resolve();
    }
    const payload = parsed.data;
    return this.lanes.submit(payload.endpointId, payload.deliveryId, () =>
      this.deliver
        .execute(payload)
        .catch((error) =>
          this.logger.warn(
            { err: error, deliveryId: payload.deliveryId, attempt: payload.attempt },
            'webhook delivery attempt broke off; the sweep retries it',
          ),
        ),
    );
  }
}
