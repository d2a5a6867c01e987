import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { QUEUE_NAMES, WebhookDeliveryJobPayload } from '@lead-engine/contracts';
import { EndpointLanes } from '@lead-engine/core';
import type { Queue } from 'bull';
import type { EngineConfig } from '../../../../config/engine-config.schema';
import { PostgresAvailability } from '../../../../infrastructure/database/postgres-availability';
import { JobRunner } from '../../../../infrastructure/jobs/job-runner';
import { PeriodicTask } from '../../../../infrastructure/jobs/periodic-task';
import { RedisAvailability } from '../../../../infrastructure/redis/redis-availability';
import { ENGINE_CONFIG } from '../../../../infrastructure/tokens';
import { DeliverWebhookUseCase } from '../use-cases/deliver-webhook.use-case';
import { DueDelivery, WebhookDeliveriesRepository } from '../webhook-deliveries.repository';
import { WEBHOOK_DELIVERY_JOB } from './webhook-delivery-job';
import { WebhookDispatcher } from './webhook-dispatcher';

const SWEEP_EVERY_MS = 10_000;
/** A due attempt's job gets this long to be taken before the sweep queues it again. */
const OVERDUE_MS = 3_000;

/**
 * Takes delivery attempts off the webhooks queue, WEBHOOK_CONCURRENCY at once, each endpoint in a lane
 * of its own (WEBHOOK_ENDPOINT_CONCURRENCY): an attempt for an endpoint whose lane is full is parked in
 * this process and its queue slot freed, so a slow or dead receiver never holds up another account's
 * deliveries. Like every job kind, pending deliveries are queued again when a worker starts and when
 * Redis comes back; and every few seconds those overdue: a delivery whose queueing failed, whose attempt
 * was parked in a process that stopped, or whose worker died mid-attempt (its lease ran out). Bull keeps
 * one job per attempt id, and an attempt is claimed once, so queueing again never sends twice.
 */
@Injectable()
export class DeliverWebhookJob extends JobRunner<WebhookDeliveryJobPayload, DueDelivery> {
  protected readonly kind = WEBHOOK_DELIVERY_JOB;
  private readonly lanes: EndpointLanes;
  private readonly overdue = new PeriodicTask(SWEEP_EVERY_MS, () => this.queueOverdue());

  constructor(
    private readonly deliver: DeliverWebhookUseCase,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    @InjectQueue(QUEUE_NAMES.webhooks) queue: Queue,
    redisAvailability: RedisAvailability,
    postgres: PostgresAvailability,
  ) {
    super(queue, redisAvailability, postgres);
    this.lanes = new EndpointLanes(config.WEBHOOK_ENDPOINT_CONCURRENCY);
  }

  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    this.overdue.start();
  }

  override async onApplicationShutdown(): Promise<void> {
    super.onApplicationShutdown();
    await this.overdue.stop();
  }

  protected concurrency(): number {
    return this.config.WEBHOOK_CONCURRENCY;
  }

  protected run(payload: WebhookDeliveryJobPayload): Promise<void> {
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

  /** An attempt never fails its Bull job (it broke off and the sweep retries it); the delivery's own retries are in PostgreSQL. */
  protected async settleFailed(): Promise<void> {}

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
